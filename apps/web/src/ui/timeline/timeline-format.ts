import { formatValorBRL } from '@pulso/code-page/timeline-format';
import { TIMELINE_MESSAGES, TIMELINE_TIPOS, type TimelineTipo } from '@pulso/domain';

/** Empty list (docs/health-record.md "Timeline records"). */
export const NO_RECORDS = TIMELINE_MESSAGES.empty;

export { formatValorBRL };

/**
 * The label of a timeline type (docs/health-record.md "Timeline records": 1 Consulta … 9 Encaminhamento),
 * 'Registro' for an unknown one.
 */
export function tipoLabel(tipo: number): string {
  return TIMELINE_TIPOS[tipo as TimelineTipo] ?? 'Registro';
}

/** '3 registros', or '20 de 45 registros' while more can be loaded. */
export function countLine(loaded: number, total: number): string {
  const all = Math.max(total, loaded);
  const noun = all === 1 ? 'registro' : 'registros';
  return loaded < all ? `${loaded} de ${all} ${noun}` : `${all} ${noun}`;
}

/** A trimmed text, or `null` when blank. */
export function blankToNull(value: string | null | undefined): string | null {
  return value?.trim() ? value.trim() : null;
}
