/** @jsxRuntime automatic */
/** @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import type { Messages } from './i18n.ts';

/** One label/value pair of an {@link InfoList}; a `null` value reads 'Não informado', any other is the patient's words (pt-BR). */
export interface InfoItem {
  label: string;
  value: ComponentChildren;
  /** Takes the whole row (long texts). */
  wide?: boolean;
}

/** Read-only label/value pairs as a `<dl>`, two columns from 48em up. */
export function InfoList({ t, items }: { t: Messages; items: InfoItem[] }) {
  return (
    <dl class="cp-info">
      {items.map((item) => {
        const empty = item.value === null || item.value === undefined || item.value === '';
        return (
          <div key={item.label} class={item.wide ? 'cp-wide' : undefined}>
            <dt>{item.label}</dt>
            {empty ? (
              <dd>
                <span class="cp-empty">{t.notInformed}</span>
              </dd>
            ) : (
              <dd lang="pt-BR">{item.value}</dd>
            )}
          </div>
        );
      })}
    </dl>
  );
}
