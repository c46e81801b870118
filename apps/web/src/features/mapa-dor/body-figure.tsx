import type { ReactNode } from 'react';
import classes from './body-map.module.css';
import { BODY_VIEWBOX, type BodyPart, type BodyView, MIRROR, partsOf, VIEW_DETAILS } from './body-shapes.ts';

/** Caption of each view (not 'Costas': that is also a location's name). */
export const VIEW_LABELS: Record<BodyView, string> = {
  frente: 'Vista de frente',
  costas: 'Vista de trás',
};

/** The path(s) of a part: once, and mirrored when it is a pair. */
export function PartPaths({ part }: { part: BodyPart }) {
  return (
    <>
      <path d={part.d} />
      {part.pair && <path d={part.d} transform={MIRROR} />}
    </>
  );
}

/**
 * One view of the body as SVG: every part rendered by `renderPart` (a
 * location's `<g>` with its paths), the fixed parts (neck, buttocks) plain,
 * then the decorative lines on top, which never take a click. With `label`
 * the drawing is a named group (the map's radios live in it); without, it
 * is hidden from assistive technology (the history, told by its table).
 */
export function BodyFigure({
  view,
  label,
  className,
  renderPart,
}: {
  view: BodyView;
  label?: string;
  className?: string;
  renderPart: (part: BodyPart & { local: NonNullable<BodyPart['local']> }, key: string) => ReactNode;
}) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${BODY_VIEWBOX.width} ${BODY_VIEWBOX.height}`}
      className={className}
      role={label ? 'group' : 'img'}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      {partsOf(view).map((part, i) => {
        const key = `${view}-${part.local ?? 'fixo'}-${i}`;
        return part.local === null ? (
          <g key={key} className={classes.fixed}>
            <PartPaths part={part} />
          </g>
        ) : (
          renderPart({ ...part, local: part.local }, key)
        );
      })}
      <g className={classes.details}>
        {VIEW_DETAILS[view].map((d) => (
          <path key={d} d={d} />
        ))}
      </g>
    </svg>
  );
}
