import { ActionIcon, FileButton, Loader, Textarea } from '@mantine/core';
import { FILE_TOO_LARGE_MESSAGE, MAX_UPLOAD_BYTES, MENSAGEM_MAX, TELEMEDICINA_MESSAGES } from '@pulso/domain';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { Area } from 'react-easy-crop';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context.tsx';
import { Icon } from '../../../ui/icon.tsx';
import type { NovaMensagem } from './api/send-mensagem.ts';
import classes from './chat-page.module.css';
import { cropToJpeg } from './crop-image.ts';
import { ImageCropModal } from './image-crop-modal.tsx';

/** Images the chat crops and sends (docs/telemedicine.md "Files", type I). */
export const CHAT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** What the attach button offers: images and PDFs (docs/telemedicine.md "Files"). */
export const CHAT_FILE_ACCEPT = [...CHAT_IMAGE_TYPES, 'application/pdf'].join(',');

/**
 * What is wrong with a chosen file before anything is sent, or `null`: over
 * 2 MB ('O arquivo deve ter no máximo 2MB', docs/telemedicine.md "Files" — the
 * server checks again), or neither an image nor a PDF.
 */
export function chatFileProblem(file: File): string | null {
  if (file.size > MAX_UPLOAD_BYTES) return FILE_TOO_LARGE_MESSAGE;
  const image = (CHAT_IMAGE_TYPES as readonly string[]).includes(file.type);
  if (!image && file.type !== 'application/pdf') return TELEMEDICINA_MESSAGES.fileType;
  return null;
}

/**
 * The message composer (docs/telemedicine.md "Chat": attach button, send
 * button): Enter sends, Shift+Enter starts a new line; the attach button takes
 * an image (cropped first, sent as JPEG 0.9) or a PDF, both up to 2 MB. `send`
 * resolves once the server took the message (the text is then cleared).
 */
export function ChatComposer({
  send,
  sending,
}: {
  send: (mensagem: NovaMensagem) => Promise<unknown>;
  sending: boolean;
}) {
  const snackbar = useSnackbar();
  const [text, setText] = useState('');
  const [image, setImage] = useState<{ url: string; name: string } | null>(null);
  const resetFile = useRef<() => void>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (!image) return;
    return () => URL.revokeObjectURL(image.url);
  }, [image]);

  const sendText = async () => {
    const content = text.trim();
    if (content === '' || sending) return;
    try {
      await send({ type: 'T', content });
      setText('');
    } catch {
      // The page shows the failure; the text stays to be sent again.
    }
    textarea.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void sendText();
  };

  const choose = (file: File | null) => {
    resetFile.current?.();
    if (!file) return;
    const problem = chatFileProblem(file);
    if (problem) {
      snackbar.error(problem);
      return;
    }
    if (file.type === 'application/pdf') {
      void send({ type: 'F', file }).catch(() => {});
      return;
    }
    setImage({ url: URL.createObjectURL(file), name: file.name });
  };

  const sendImage = async (area: Area) => {
    if (!image) return;
    let jpeg: File;
    try {
      jpeg = await cropToJpeg(image.url, area, image.name);
    } catch (error) {
      snackbar.error(error instanceof Error ? error.message : error);
      return;
    }
    setImage(null);
    if (jpeg.size > MAX_UPLOAD_BYTES) {
      snackbar.error(FILE_TOO_LARGE_MESSAGE);
      return;
    }
    await send({ type: 'I', file: jpeg }).catch(() => {});
    textarea.current?.focus();
  };

  return (
    <>
      <form
        className={classes.composer}
        aria-label="Enviar mensagem"
        onSubmit={(event) => {
          event.preventDefault();
          void sendText();
        }}
      >
        <FileButton onChange={choose} accept={CHAT_FILE_ACCEPT} resetRef={resetFile}>
          {(props) => (
            <ActionIcon
              {...props}
              variant="subtle"
              size={44}
              aria-label="Anexar imagem ou PDF"
              disabled={sending}
              className={classes.composerButton}
            >
              <Icon name="attach" size={22} />
            </ActionIcon>
          )}
        </FileButton>
        <Textarea
          ref={textarea}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          aria-label="Mensagem"
          description="Enter envia; Shift+Enter quebra a linha"
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          placeholder="Digite sua mensagem"
          autosize
          minRows={1}
          maxRows={5}
          maxLength={MENSAGEM_MAX}
          className={classes.composerInput}
          classNames={{ description: classes.composerHint }}
        />
        <ActionIcon
          type="submit"
          size={44}
          aria-label="Enviar mensagem"
          disabled={text.trim() === '' || sending}
          className={classes.composerButton}
        >
          {sending ? <Loader size="xs" color="white" aria-hidden="true" /> : <Icon name="send" size={20} />}
        </ActionIcon>
      </form>
      <ImageCropModal imageUrl={image?.url ?? null} onCancel={() => setImage(null)} onSend={sendImage} />
    </>
  );
}
