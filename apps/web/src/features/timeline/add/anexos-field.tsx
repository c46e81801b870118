import { ActionIcon, Button, FileButton, Loader, Text } from '@mantine/core';
import { TIMELINE_ANEXOS_MAX } from '@pulso/domain';
import { useId, useRef } from 'react';
import { ANEXO_ACCEPT, formatBytes } from '../shared/anexo-files.ts';
import classes from './timeline-add-page.module.css';
import type { AnexosState } from './use-anexos.ts';

/**
 * 'Anexos' of /timeline/add (issue 5): 'Adicionar anexos' opens the picker
 * (several files at once: photos or PDFs); each prepared file is listed with
 * its preview (the resized image, or a PDF tag), name and size, and a
 * 'Remover' button; problems ({@link AnexosState.error}) show under the list.
 */
export function AnexosField({ state, disabled }: { state: AnexosState; disabled: boolean }) {
  const headingId = useId();
  const errorId = useId();
  const resetInput = useRef<() => void>(null);
  const full = state.anexos.length + state.preparing >= TIMELINE_ANEXOS_MAX;

  return (
    <fieldset className={classes.anexos}>
      <legend id={headingId} className={classes.anexosLegend}>
        Anexos
      </legend>
      <Text size="xs" c="dimmed" id={`${headingId}-hint`}>
        Fotos (JPEG, PNG ou WebP) ou PDF, até {TIMELINE_ANEXOS_MAX} arquivos. As fotos são reduzidas antes do
        envio.
      </Text>
      {state.anexos.length > 0 && (
        <ul className={classes.anexoList} aria-label="Anexos escolhidos">
          {state.anexos.map((anexo) => (
            <li key={anexo.key} className={classes.anexoItem}>
              {anexo.previewUrl ? (
                <img src={anexo.previewUrl} alt="" className={classes.anexoThumb} />
              ) : (
                <span className={classes.anexoPdf} aria-hidden="true">
                  PDF
                </span>
              )}
              <div className={classes.anexoText}>
                <Text size="sm" fw={500} className={classes.anexoName}>
                  {anexo.file.name || 'Arquivo sem nome'}
                </Text>
                <Text size="xs" c="dimmed">
                  {anexo.kind === 'image' ? 'Imagem' : 'PDF'} · {formatBytes(anexo.file.size)}
                </Text>
              </div>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                onClick={() => state.remove(anexo.key)}
                disabled={disabled}
                aria-label={`Remover ${anexo.file.name || 'anexo'}`}
              >
                <svg
                  xmlns="http://www.w3.org/2000/svg"
                  width={20}
                  height={20}
                  viewBox="0 0 24 24"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth={2}
                  strokeLinecap="round"
                  aria-hidden="true"
                  focusable="false"
                >
                  <path d="M6 6l12 12 M18 6L6 18" />
                </svg>
              </ActionIcon>
            </li>
          ))}
        </ul>
      )}
      {state.preparing > 0 && (
        <div className={classes.preparing} role="status">
          <Loader size="xs" aria-hidden="true" />
          <Text size="sm">
            Preparando {state.preparing === 1 ? 'o arquivo' : `${state.preparing} arquivos`}…
          </Text>
        </div>
      )}
      {state.error && (
        <Text id={errorId} size="sm" c="red.8" role="alert">
          {state.error}
        </Text>
      )}
      <FileButton
        multiple
        accept={ANEXO_ACCEPT}
        resetRef={resetInput}
        disabled={disabled || full}
        onChange={(files) => {
          // The same file may be chosen again after it was removed.
          resetInput.current?.();
          if (files.length > 0) void state.add(files);
        }}
      >
        {(props) => (
          <Button
            {...props}
            variant="default"
            disabled={disabled || full}
            className={classes.anexoButton}
            aria-describedby={`${headingId}-hint${state.error ? ` ${errorId}` : ''}`}
          >
            Adicionar anexos
          </Button>
        )}
      </FileButton>
    </fieldset>
  );
}
