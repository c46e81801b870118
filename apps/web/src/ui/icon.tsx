import type { SVGProps } from 'react';

/** Outline icon paths (24×24, 2 px stroke), drawn for Pulso; no icon font or CDN. */
const iconPaths = {
  emergency: 'M9 3h6v6h6v6h-6v6H9v-6H3V9h6z',
  heart: 'M19.5 12.57 12 20l-7.5-7.43A5 5 0 1 1 12 6.01a5 5 0 1 1 7.5 6.56z',
  timeline: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z M12 7v5l3 3',
  chat: 'M4 5h16v11H9l-5 4z M8 9h8 M8 12h5',
  qrcode:
    'M4 4h6v6H4z M14 4h6v6h-6z M4 14h6v6H4z M14 14h2v2h-2z M18 14h2 M14 18v2 M18 18h2v2h-2z M7 7h0.01 M17 7h0.01 M7 17h0.01',
  scan: 'M4 8V6a2 2 0 0 1 2-2h2 M16 4h2a2 2 0 0 1 2 2v2 M20 16v2a2 2 0 0 1-2 2h-2 M8 20H6a2 2 0 0 1-2-2v-2 M4 12h16',
  settings: 'M4 6h8 M16 6h4 M4 12h2 M10 12h10 M4 18h11 M19 18h1 M14 4v4 M8 10v4 M17 16v4',
  lock: 'M6 11h12v10H6z M8 11V7a4 4 0 0 1 8 0v4 M12 15v2',
  body: 'M12 2.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z M5 9.5l7 1 7-1 M12 10.5v4.5 M9 22l3-7 3 7',
  chart: 'M4 20h16 M4 16l4-6 4 3 6-8',
  star: 'M12 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z',
  bulb: 'M9 18h6 M10 21h4 M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9.4-1.6 1-2.1A6 6 0 0 0 12 3z',
  card: 'M3 6h18v12H3z M3 10h18 M7 15h3',
  help: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.7 M12 17h0.01',
  device: 'M7 3h10v18H7z M11 18h2',
  logout: 'M14 8V6a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h7a2 2 0 0 0 2-2v-2 M9 12h12 M18 9l3 3-3 3',
  back: 'M15 6l-6 6 6 6',
  attach:
    'M21 11.5l-8.6 8.6a5 5 0 0 1-7.1-7.1l8.6-8.6a3.3 3.3 0 0 1 4.7 4.7l-8.6 8.6a1.7 1.7 0 0 1-2.4-2.4l7.9-7.9',
  send: 'M4 12l16-8-6 16-2.5-6.5z M11.5 13.5L20 4',
  trash: 'M4 7h16 M9 7V4h6v3 M6 7l1 13h10l1-13 M10 11v6 M14 11v6',
  file: 'M6 3h8l4 4v14H6z M14 3v4h4 M9 13h6 M9 17h6',
  check: 'M5 12l5 5 9-10',
  checks: 'M2 12l5 5 9-10 M11 16l1 1 9-10',
  home: 'M3 11l9-8 9 8 M5 9.5V20h14V9.5 M10 20v-6h4v6',
  inbox: 'M4 13l2.5-8h11l2.5 8 M4 13v6h16v-6 M4 13h5l1 2h4l1-2h5',
  ticket: 'M3 7h18v3a2 2 0 0 0 0 4v3H3v-3a2 2 0 0 0 0-4z M15 7v2 M15 11v2 M15 15v2',
  copy: 'M9 9h11v11H9z M5 15H4V4h11v1',
  mail: 'M3 6h18v12H3z M3 7l9 6 9-6',
} as const;

/** Name of a Pulso icon. */
export type IconName = keyof typeof iconPaths;

/** A decorative outline icon; give the surrounding control its own accessible name. */
export function Icon({
  name,
  size = 22,
  ...rest
}: { name: IconName; size?: number } & SVGProps<SVGSVGElement>) {
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
      {...rest}
    >
      <path d={iconPaths[name]} />
    </svg>
  );
}
