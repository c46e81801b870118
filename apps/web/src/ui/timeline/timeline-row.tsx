import {
  formatDateBR,
  type PublicTimelineItem,
  TERCEIRO_NOTE,
  timelineAuthorLine,
  timelinePreview,
} from '@pulso/domain';
import { blankToNull, tipoLabel } from './timeline-format.ts';
import classes from './timeline-row.module.css';
import { TimelineTipoIcon } from './timeline-tipo-icon.tsx';

/** Class of the `<ul>` of records and of each row's control (a button or a link). */
export const timelineListClasses = { list: classes.list, row: classes.row } as const;

/** What a row shows of a record: the public view's and the owner's records both fit. */
export type TimelineRowItem = Pick<
  PublicTimelineItem,
  'tipo' | 'data' | 'descricao' | 'created_by' | 'terceiro'
> & { anexos?: readonly unknown[] };

/** '1 anexo', '3 anexos'. */
export function anexosLabel(count: number): string {
  return count === 1 ? '1 anexo' : `${count} anexos`;
}

/**
 * The inside of a timeline row (docs/health-record.md "Timeline records";
 * issue 4 public tab): the type's icon and label, the date `dd/mm/aaaa`, the
 * 50-character preview of the description, who added it ('Por. Dr. {doctor}'
 * / 'Por. {third party}', a third party's marked as not a doctor's) and, for
 * the owner, how many attachments it holds. Only phrasing content (spans),
 * so it fits inside a `<button>` or an `<a>`.
 */
export function TimelineRowContent({ item }: { item: TimelineRowItem }) {
  const author = timelineAuthorLine(item);
  const anexos = item.anexos?.length ?? 0;
  return (
    <>
      <span className={classes.head}>
        <span className={classes.tipo}>
          <TimelineTipoIcon tipo={item.tipo} />
          {tipoLabel(item.tipo)}
        </span>
        <span className={classes.date}>{formatDateBR(item.data)}</span>
      </span>
      {blankToNull(item.descricao) && (
        <span className={classes.preview}>{timelinePreview(item.descricao)}</span>
      )}
      {(author || anexos > 0) && (
        <span className={classes.foot}>
          {author && <span className={classes.author}>{author}</span>}
          {item.created_by === 'T' && <span className={classes.terceiro}>{TERCEIRO_NOTE}</span>}
          {anexos > 0 && <span className={classes.anexos}>{anexosLabel(anexos)}</span>}
        </span>
      )}
    </>
  );
}
