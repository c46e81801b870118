import { tipoIconPath } from '@pulso/code-page/timeline-format';

/** The decorative icon of a timeline type; the type's label is always written next to it. */
export function TimelineTipoIcon({ tipo, size = 22 }: { tipo: number; size?: number }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={tipoIconPath(tipo)} />
    </svg>
  );
}
