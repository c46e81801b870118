import { ActionIcon, VisuallyHidden } from '@mantine/core';
import type { MensagemView } from '@pulso/domain';
import { formatDateTimeBR } from '../../../ui/date-time.ts';
import { Icon } from '../../../ui/icon.tsx';
import classes from './chat-page.module.css';

/** '120 KB', '1,4 MB'. */
export function fileSizeLabel(bytes: number | null): string | null {
  if (bytes === null) return null;
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} MB`;
}

function Body({ mensagem }: { mensagem: MensagemView }) {
  if (mensagem.type === 'T') return <p className={classes.text}>{mensagem.content}</p>;
  if (!mensagem.url) return <p className={classes.text}>{mensagem.content}</p>;
  if (mensagem.type === 'I') {
    return (
      <a href={mensagem.url} target="_blank" rel="noopener" className={classes.imageLink}>
        <img src={mensagem.url} alt={`Imagem ${mensagem.content}`} className={classes.image} loading="lazy" />
        <VisuallyHidden>(abre em nova aba)</VisuallyHidden>
      </a>
    );
  }
  const size = fileSizeLabel(mensagem.size);
  return (
    <a href={mensagem.url} target="_blank" rel="noopener" className={classes.fileLink}>
      <Icon name="file" size={22} />
      <span className={classes.fileName}>{mensagem.content}</span>
      <span className={classes.fileMeta}>PDF{size ? `, ${size}` : ''}</span>
      <VisuallyHidden>(abre em nova aba)</VisuallyHidden>
    </a>
  );
}

/**
 * One message (docs/telemedicine.md "Chat"): one's own on the right, the other
 * side's on the left, with its time (`dd/mm/aaaa HH:mm`, America/Sao_Paulo),
 * for one's own whether it was read, and — when `onDelete` — the delete button.
 */
export function MensagemItem({
  mensagem,
  own,
  authorName,
  onDelete,
}: {
  mensagem: MensagemView;
  own: boolean;
  /** Who wrote it, for screen readers ('Você' or the other side's name). */
  authorName: string;
  onDelete?: (() => void) | undefined;
}) {
  return (
    <li className={classes.item} data-own={own || undefined} data-testid={`mensagem-${mensagem.id}`}>
      <div className={classes.bubble}>
        <VisuallyHidden>{own ? 'Você' : authorName}:</VisuallyHidden>
        <Body mensagem={mensagem} />
        <div className={classes.meta}>
          <time dateTime={mensagem.created_at}>{formatDateTimeBR(mensagem.created_at)}</time>
          {own && (
            <span className={classes.tick} data-read={mensagem.read_at !== null || undefined}>
              <Icon name={mensagem.read_at ? 'checks' : 'check'} size={16} />
              <span>{mensagem.read_at ? 'Lida' : 'Enviada'}</span>
            </span>
          )}
        </div>
      </div>
      {onDelete && (
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          onClick={onDelete}
          aria-label={`Excluir mensagem de ${formatDateTimeBR(mensagem.created_at)}`}
          className={classes.delete}
        >
          <Icon name="trash" size={18} />
        </ActionIcon>
      )}
    </li>
  );
}
