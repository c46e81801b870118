import type { ReactNode } from 'react';
import classes from './info-list.module.css';

/** Text shown for a field the patient has not filled in. */
export const NOT_INFORMED = 'Não informado';

/** One label/value pair of an {@link InfoList}; a `null` or blank value reads 'Não informado'. */
export interface InfoItem {
  label: string;
  value: ReactNode;
  /** Takes the whole row (long texts). */
  wide?: boolean;
}

/** Read-only label/value pairs as a description list (`<dl>`), two columns from tablet width up. */
export function InfoList({ items }: { items: InfoItem[] }) {
  return (
    <dl className={classes.list}>
      {items.map((item) => {
        const empty = item.value === null || item.value === undefined || item.value === '';
        return (
          <div key={item.label} className={item.wide ? classes.wide : undefined}>
            <dt className={classes.label}>{item.label}</dt>
            <dd className={classes.value}>
              {empty ? <span className={classes.empty}>{NOT_INFORMED}</span> : item.value}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
