import { once, type TimelineTipo } from '@pulso/domain';

/**
 * Outline paths (24×24, 2 px stroke) of the nine timeline types: one drawing for the app's timeline
 * (apps/web ui/timeline) and the public page's.
 */
export const TIPO_ICON_PATHS: Record<TimelineTipo, string> = {
  // Consulta: a stethoscope.
  1: 'M5 3v5a5 5 0 0 0 10 0V3 M10 13v2a5 5 0 0 0 10 0v-3 M20 12a2 2 0 1 0 0-4 2 2 0 0 0 0 4z',
  // Exame: a flask.
  2: 'M9 3h6 M10 3v6l-5 9a2 2 0 0 0 1.7 3h10.6a2 2 0 0 0 1.7-3l-5-9V3 M7.5 15h9',
  // Resultado de Exame: a page with a check.
  3: 'M6 3h9l4 4v14H6z M15 3v4h4 M9 14l2 2 4-4',
  // Receita: a capsule.
  4: 'M10.5 20.5a5 5 0 0 1-7-7l6-6a5 5 0 0 1 7 7z M7 10l7 7',
  // Fast Note: a note.
  5: 'M5 4h14v16H5z M8 9h8 M8 13h8 M8 17h5',
  // Atendimento: a speech bubble.
  6: 'M4 5h16v11H9l-5 4z M8 9h8 M8 12h5',
  // Vacina: a syringe.
  7: 'M19 3l2 2 M20 4l-3 3 M16 6l-9 9-1 4 4-1 9-9z M8 14l2 2 M11 11l2 2 M3 21l3-3',
  // Registro de Dor: a bolt.
  8: 'M13 2 4 14h7l-1 8 9-12h-7z',
  // Encaminhamento: an arrow onwards.
  9: 'M4 12h14 M13 6l6 6-6 6',
};

/** The path of a type's icon; an unknown type draws as a note. */
export function tipoIconPath(tipo: number): string {
  return TIPO_ICON_PATHS[tipo as TimelineTipo] ?? TIPO_ICON_PATHS[5];
}

const currency = once(() => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }));

/** `'1500.5'` (reais, as the API answers) → 'R$ 1.500,50'; blank or not a number → `null`. */
export function formatValorBRL(valor: string | null): string | null {
  if (valor === null || valor.trim() === '') return null;
  const n = Number(valor);
  return Number.isFinite(n) ? currency().format(n) : null;
}
