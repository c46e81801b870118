import { LOCAL_DOR_LABELS, type LocalDor } from '@pulso/domain';
import { type KeyboardEvent, type ReactNode, type Ref, useRef } from 'react';
import { BodyFigure, PartPaths, VIEW_LABELS } from './body-figure.tsx';
import classes from './body-map.module.css';
import type { BodyView } from './body-shapes.ts';

/**
 * Keyboard order of the regions: top to bottom on the front, then the back
 * (Costas, the one location only the back view shows).
 */
export const REGION_ORDER: readonly LocalDor[] = [
  'Cabeça',
  'Ombro',
  'Peito',
  'Abdomem',
  'Braço',
  'Mãos',
  'Coxa',
  'Joelho',
  'Perna',
  'Pés',
  'Costas',
];

const VIEWS: readonly BodyView[] = ['frente', 'costas'];

/**
 * The clickable body of /mapa-dor (docs/health-record.md "Saving a pain
 * record": a body image, kept in step with the location select), front and
 * back. A radio group: each of the 11 locations is one radio named by its
 * label, reached once by keyboard (the front's 10, then Costas on the back):
 * Tab enters on the chosen one (or Cabeça), arrows move and choose, Home/End
 * jump, Space or Enter choose. The back's copies of the front's parts answer
 * clicks only. `disabled` (the trial lock) turns everything off.
 */
export function PainBodyMap({
  value,
  onChange,
  disabled = false,
  labelledBy,
  describedBy,
}: {
  value: LocalDor | null;
  onChange: (local: LocalDor) => void;
  disabled?: boolean;
  labelledBy: string;
  describedBy?: string;
}) {
  const radios = useRef(new Map<LocalDor, SVGGElement>());
  const tabStop = value ?? REGION_ORDER[0];

  const choose = (local: LocalDor, focus: boolean) => {
    onChange(local);
    if (focus) radios.current.get(local)?.focus();
  };

  const onKeyDown = (local: LocalDor) => (event: KeyboardEvent<SVGGElement>) => {
    if (disabled) return;
    const at = REGION_ORDER.indexOf(local);
    const n = REGION_ORDER.length;
    const to: Record<string, number> = {
      ArrowRight: (at + 1) % n,
      ArrowDown: (at + 1) % n,
      ArrowLeft: (at - 1 + n) % n,
      ArrowUp: (at - 1 + n) % n,
      Home: 0,
      End: n - 1,
    };
    if (event.key in to) {
      choose(REGION_ORDER[to[event.key] as number] as LocalDor, true);
    } else if (event.key === ' ' || event.key === 'Enter') {
      choose(local, false);
    } else {
      return;
    }
    event.preventDefault();
  };

  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-disabled={disabled || undefined}
      className={classes.map}
      data-disabled={disabled || undefined}
    >
      {VIEWS.map((view) => (
        <div key={view} className={classes.figure}>
          <BodyFigure
            view={view}
            label={VIEW_LABELS[view]}
            className={classes.svg}
            renderPart={(part, key) => {
              const checked = value === part.local;
              const common = {
                local: part.local,
                checked,
                onChoose: disabled ? undefined : () => choose(part.local, false),
                children: <PartPaths part={part} />,
              };
              // Each location is one radio: the front's ten, and Costas on the back.
              return view === 'frente' || part.local === 'Costas' ? (
                <RadioRegion
                  key={key}
                  {...common}
                  disabled={disabled}
                  tabStop={!disabled && part.local === tabStop}
                  onKeyDown={onKeyDown(part.local)}
                  ref={(el) => {
                    if (el) radios.current.set(part.local, el);
                    else radios.current.delete(part.local);
                  }}
                />
              ) : (
                <MouseRegion key={key} {...common} />
              );
            }}
          />
          <div className={classes.caption} aria-hidden="true">
            {VIEW_LABELS[view]}
          </div>
        </div>
      ))}
    </div>
  );
}

interface RegionProps {
  local: LocalDor;
  checked: boolean;
  onChoose: (() => void) | undefined;
  children: ReactNode;
}

/** A location as a radio of the map's group, named by its label. */
function RadioRegion({
  local,
  checked,
  onChoose,
  disabled,
  tabStop,
  onKeyDown,
  ref,
  children,
}: RegionProps & {
  disabled: boolean;
  tabStop: boolean;
  onKeyDown: (event: KeyboardEvent<SVGGElement>) => void;
  ref: Ref<SVGGElement>;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: an SVG region cannot be an <input type="radio">.
    <g
      ref={ref}
      role="radio"
      aria-checked={checked}
      aria-label={LOCAL_DOR_LABELS[local]}
      aria-disabled={disabled || undefined}
      tabIndex={tabStop ? 0 : -1}
      className={classes.region}
      data-checked={checked || undefined}
      onClick={onChoose}
      onKeyDown={onKeyDown}
    >
      {children}
    </g>
  );
}

/**
 * The back's copy of a location the front already offers as a radio: a
 * pointer shortcut with a tooltip, hidden from assistive technology so that
 * no location is announced twice.
 */
function MouseRegion({ local, checked, onChoose, children }: RegionProps) {
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: not focusable (no tabIndex); a pointer shortcut to a location the front view offers as a radio.
    <g className={classes.region} data-checked={checked || undefined} onClick={onChoose} aria-hidden="true">
      <title>{LOCAL_DOR_LABELS[local]}</title>
      {children}
    </g>
  );
}
