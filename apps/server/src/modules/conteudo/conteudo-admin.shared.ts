/**
 * What the content services share (issue 9 "Content"): every change runs in
 * one transaction with its audit row (entidade `conteudo`; `entidade_id`
 * `faq:<id>`, `dica:<id>`, `termos`, `politica`, `score:<id>`; antes/depois
 * the changed fields).
 */

/** The audit log's `entidade` of every content change. */
export const ENTIDADE = 'conteudo';

/** The fields of `after` that differ from `before`, as `{antes, depois}` (only those). */
export function changed<T extends Record<string, unknown>>(before: T, after: Partial<T>) {
  const antes: Record<string, unknown> = {};
  const depois: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof T & string)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      antes[key] = before[key];
      depois[key] = after[key];
    }
  }
  return { antes, depois };
}
