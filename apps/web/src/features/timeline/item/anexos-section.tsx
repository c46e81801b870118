import { ActionIcon, Anchor, Button, FileButton, Loader, Text, Title } from '@mantine/core';
import { type AnexoView, TIMELINE_ANEXOS_MAX } from '@pulso/domain';
import { useId, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api.ts';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context.tsx';
import { AppModal } from '../../../ui/app-modal.tsx';
import { ANEXO_QUALITY_EDIT, anexoKind, resizeImageForUpload } from '../../../ui/image/resize-image.ts';
import { LockedButton } from '../../../ui/trial-lock/locked-button.tsx';
import { useAddAnexo } from '../api/add-anexo.ts';
import { useRemoveAnexo } from '../api/remove-anexo.ts';
import { ANEXO_ACCEPT, anexoProblem, formatBytes } from '../shared/anexo-files.ts';
import { ANEXO_MESSAGES } from '../shared/messages.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import classes from './timeline-item-page.module.css';

/** An attachment's name as shown ('' from the server reads 'Imagem anexada' / 'PDF anexado'). */
export function anexoName(anexo: Pick<AnexoView, 'name' | 'mime'>): string {
  if (anexo.name.trim()) return anexo.name.trim();
  return isImage(anexo) ? 'Imagem anexada' : 'PDF anexado';
}

function isImage(anexo: Pick<AnexoView, 'mime'>): boolean {
  return anexo.mime.startsWith('image/');
}

function RemoveIcon() {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M4 7h16 M10 11v6 M14 11v6 M6 7l1 13h10l1-13 M9 7V4h6v3" />
    </svg>
  );
}

/**
 * The attachments of a record on /timeline/item/:id (docs/health-record.md
 * "Attachments"; issue 5): images as thumbnails that open larger, PDFs as
 * links, both through their short-lived signed `url`. Whoever may edit the
 * record adds one file at a time (an image resized to at most 800 px wide,
 * JPEG quality 0.9; a PDF as it is; at most 10) and removes them after a
 * confirmation. A locked user (docs/health-record.md "Trial lock") may still
 * remove, but not add.
 */
export function AnexosSection({
  itemId,
  anexos,
  canEdit,
  locked,
}: {
  itemId: number;
  anexos: AnexoView[];
  canEdit: boolean;
  locked: boolean;
}) {
  const headingId = useId();
  const hintId = useId();
  const errorId = useId();
  const snackbar = useSnackbar();
  const add = useAddAnexo(itemId);
  const remove = useRemoveAnexo(itemId);
  const resetInput = useRef<() => void>(null);
  const [preparing, setPreparing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The attachment stays set while its dialog closes, so the dialog's text does not blank in the transition.
  const [zoomed, setZoomed] = useState<AnexoView | null>(null);
  const [zoomOpened, setZoomOpened] = useState(false);
  const [removing, setRemoving] = useState<AnexoView | null>(null);
  const [removeOpened, setRemoveOpened] = useState(false);
  const zoom = (anexo: AnexoView) => {
    setZoomed(anexo);
    setZoomOpened(true);
  };
  const askRemove = (anexo: AnexoView) => {
    setRemoving(anexo);
    setRemoveOpened(true);
  };
  const full = anexos.length >= TIMELINE_ANEXOS_MAX;
  const busy = preparing || add.isPending;

  const upload = async (chosen: File | null) => {
    resetInput.current?.();
    if (!chosen) return;
    setError(null);
    setPreparing(true);
    let file: File;
    try {
      file = anexoKind(chosen) === 'image' ? await resizeImageForUpload(chosen, ANEXO_QUALITY_EDIT) : chosen;
      const problem = anexoProblem(file);
      if (problem) throw new Error(problem);
    } catch (reason) {
      setError(reason instanceof Error ? reason.message : String(reason));
      return;
    } finally {
      setPreparing(false);
    }
    add.mutate(file, {
      onSuccess: () => snackbar.success(ANEXO_MESSAGES.added),
      onError: (failure) => {
        const field = failure instanceof ApiError ? failure.errors.anexo?.[0] : undefined;
        setError(field ?? failure.message);
        snackbar.error(failure);
      },
    });
  };

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => {
        setRemoveOpened(false);
        snackbar.success(ANEXO_MESSAGES.removed);
      },
      onError: (failure) => {
        setRemoveOpened(false);
        snackbar.error(failure);
      },
    });
  };

  const images = anexos.filter(isImage);
  const pdfs = anexos.filter((a) => !isImage(a));

  return (
    <section aria-labelledby={headingId} className={classes.anexos}>
      <Title order={2} id={headingId} className={classes.sectionTitle}>
        Anexos
      </Title>
      {anexos.length === 0 && <Text c="gray.8">Nenhum anexo.</Text>}
      {images.length > 0 && (
        <ul className={classes.thumbs} aria-label="Imagens">
          {images.map((anexo) => (
            <li key={anexo.id} className={classes.thumb}>
              <button
                type="button"
                className={classes.thumbButton}
                onClick={() => zoom(anexo)}
                aria-haspopup="dialog"
                aria-label={`Ampliar ${anexoName(anexo)}`}
              >
                <img src={anexo.url} alt="" className={classes.thumbImage} loading="lazy" />
              </button>
              {canEdit && (
                <ActionIcon
                  variant="filled"
                  color="red.9"
                  size="lg"
                  className={classes.thumbRemove}
                  onClick={() => askRemove(anexo)}
                  aria-label={`Remover ${anexoName(anexo)}`}
                >
                  <RemoveIcon />
                </ActionIcon>
              )}
            </li>
          ))}
        </ul>
      )}
      {pdfs.length > 0 && (
        <ul className={classes.files} aria-label="Documentos PDF">
          {pdfs.map((anexo) => (
            <li key={anexo.id} className={classes.file}>
              <span className={classes.pdfTag} aria-hidden="true">
                PDF
              </span>
              <span className={classes.fileText}>
                <Anchor href={anexo.url} target="_blank" rel="noopener noreferrer" fw={600}>
                  {anexoName(anexo)}
                  <span className={classes.visuallyHidden}> (abre em nova aba)</span>
                </Anchor>
                <Text size="xs" c="gray.8">
                  PDF · {formatBytes(anexo.size)}
                </Text>
              </span>
              {canEdit && (
                <ActionIcon
                  variant="subtle"
                  color="red.9"
                  size="lg"
                  onClick={() => askRemove(anexo)}
                  aria-label={`Remover ${anexoName(anexo)}`}
                >
                  <RemoveIcon />
                </ActionIcon>
              )}
            </li>
          ))}
        </ul>
      )}

      {canEdit && (
        <div className={classes.addAnexo}>
          <Text size="sm" c="gray.8" id={hintId}>
            {full
              ? `Este registro já tem ${TIMELINE_ANEXOS_MAX} anexos, o máximo.`
              : 'Foto (JPEG, PNG ou WebP) ou PDF, um por vez. As fotos são reduzidas antes do envio.'}
          </Text>
          {locked ? (
            <LockedButton variant="default">Adicionar anexo</LockedButton>
          ) : (
            <FileButton
              accept={ANEXO_ACCEPT}
              resetRef={resetInput}
              disabled={busy || full}
              onChange={(file) => void upload(file)}
            >
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  loading={busy}
                  aria-describedby={`${hintId}${error ? ` ${errorId}` : ''}`}
                >
                  Adicionar anexo
                </Button>
              )}
            </FileButton>
          )}
          {busy && (
            <div className={classes.preparing} role="status">
              <Loader size="xs" aria-hidden="true" />
              <Text size="sm">{preparing ? 'Preparando o arquivo…' : 'Enviando o anexo…'}</Text>
            </div>
          )}
          {error && (
            <Text id={errorId} size="sm" c="red.9" role="alert">
              {error}
            </Text>
          )}
        </div>
      )}

      <AppModal
        opened={zoomOpened}
        onClose={() => setZoomOpened(false)}
        title={zoomed ? anexoName(zoomed) : ''}
        size="xl"
      >
        {zoomed && (
          <div className={classes.zoom}>
            <img src={zoomed.url} alt={anexoName(zoomed)} className={classes.zoomImage} />
            <Anchor href={zoomed.url} target="_blank" rel="noopener noreferrer" fw={500}>
              Abrir em nova aba
            </Anchor>
          </div>
        )}
      </AppModal>
      <ConfirmDialog
        opened={removeOpened}
        title="Remover anexo?"
        confirmLabel="Remover"
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setRemoveOpened(false)}
      >
        {removing ? `O arquivo “${anexoName(removing)}” será removido deste registro.` : ''}
      </ConfirmDialog>
    </section>
  );
}
