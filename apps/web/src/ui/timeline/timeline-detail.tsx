import { Stack } from '@mantine/core';
import {
  formatDateBR,
  type PublicTimelineItem,
  TERCEIRO_NOTE,
  TIPO_DOR,
  timelineAuthorLine,
} from '@pulso/domain';
import { type InfoItem, InfoList } from '../info-list.tsx';
import { blankToNull, formatValorBRL, tipoLabel } from './timeline-format.ts';
import classes from './timeline-row.module.css';

/** What the detail shows of a record: the public view's and the owner's records both fit. */
export type TimelineDetailItem = Pick<
  PublicTimelineItem,
  | 'tipo'
  | 'data'
  | 'descricao'
  | 'valor'
  | 'medico_name'
  | 'created_by'
  | 'terceiro'
  | 'local_dor'
  | 'intensidade_dor'
>;

/**
 * A whole record read-only (docs/health-record.md "Timeline records"):
 * type, date, value in R$ (never for a pain record, whose value is always
 * 0), doctor, the pain's location and level when there are, the description
 * and who added it (a third party marked as not a doctor). Used by the
 * public view's dialog and by /timeline/item/:id.
 */
export function TimelineItemDetail({ item }: { item: TimelineDetailItem }) {
  const author = timelineAuthorLine(item);
  const details: InfoItem[] = [
    { label: 'Tipo', value: tipoLabel(item.tipo) },
    { label: 'Data', value: formatDateBR(item.data) },
  ];
  const valor = formatValorBRL(item.valor);
  if (valor !== null && item.tipo !== TIPO_DOR) details.push({ label: 'Valor', value: valor });
  details.push({ label: 'Médico', value: blankToNull(item.medico_name), wide: true });
  if (blankToNull(item.local_dor))
    details.push({ label: 'Local da dor', value: blankToNull(item.local_dor) });
  if (blankToNull(item.intensidade_dor))
    details.push({ label: 'Intensidade da dor', value: blankToNull(item.intensidade_dor) });
  details.push({ label: 'Descrição', value: blankToNull(item.descricao), wide: true });

  return (
    <Stack gap="md">
      <InfoList items={details} />
      {author && (
        <p className={classes.detailAuthor}>
          <span>{author}</span>
          {item.created_by === 'T' && <span className={classes.terceiro}>{TERCEIRO_NOTE}</span>}
        </p>
      )}
    </Stack>
  );
}
