/**
 * Enumerations of docs/accounts.md "Enumerations" with their pt-BR labels.
 * Wire values are the product's fixed codes; labels are for display only.
 */

/** Emergency contact relation (`pessoal.contato_relacao`). */
export const RELACAO = {
  C: 'Cônjuge',
  F: 'Filho(a)',
  I: 'Irmão(ã)',
  P: 'Pai / Mãe',
  T: 'Tio(a)',
  A: 'Amigo(a)',
  O: 'Outro',
} as const;
export type Relacao = keyof typeof RELACAO;

/** Skin colour (`caracteristicas.cor`), IBGE terms. */
export const COR = { 1: 'Branca', 2: 'Preta', 3: 'Parda', 4: 'Amarela', 5: 'Indígena' } as const;
export type Cor = keyof typeof COR;

/** Eye colour (`caracteristicas.olhos`). */
export const OLHOS = { 1: 'Azuis', 2: 'Castanhos', 3: 'Pretos', 4: 'Verdes' } as const;
export type Olhos = keyof typeof OLHOS;

/** Sex (`geral.sexo`). */
export const SEXO = { M: 'Masculino', F: 'Feminino', N: 'Não especificado' } as const;
export type Sexo = keyof typeof SEXO;

/** Blood type (`geral.sangue`). */
export const SANGUE = {
  1: 'A+',
  2: 'A-',
  3: 'B+',
  4: 'B-',
  5: 'AB+',
  6: 'AB-',
  7: 'O+',
  8: 'O-',
} as const;
export type Sangue = keyof typeof SANGUE;

/** Organ donor (`outras.doador`). */
export const DOADOR = { S: 'Sim', N: 'Não' } as const;
export type Doador = keyof typeof DOADOR;

/** `[{value, label}]` options of an enumeration, keys as strings (for selects). */
export function enumOptions(e: Record<string | number, string>): { value: string; label: string }[] {
  return Object.entries(e).map(([value, label]) => ({ value, label }));
}

/** The label of an enumeration value, or `null` when absent or unknown. */
export function enumLabel<E extends Record<string | number, string>>(
  e: E,
  value: string | number | null | undefined,
): string | null {
  if (value === null || value === undefined) return null;
  const key = String(value);
  // Own keys only: `'constructor'` or `'toString'` must not answer Object.prototype's members.
  return Object.hasOwn(e, key) ? ((e as Record<string, string>)[key] ?? null) : null;
}
