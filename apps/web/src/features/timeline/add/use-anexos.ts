import { TIMELINE_ANEXOS_MAX, TIMELINE_MESSAGES } from '@pulso/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { anexoKind, resizeImageForUpload } from '../../../ui/image/resize-image.ts';
import { anexoProblem } from '../shared/anexo-files.ts';

/** A file ready to be sent, with what its preview needs. */
export interface ChosenAnexo {
  /** Key of the preview in the list (not sent). */
  key: number;
  /** The file to send: a resized JPEG or the PDF as chosen. */
  file: File;
  kind: 'image' | 'pdf';
  /** Object URL of an image preview (revoked when removed); null for a PDF. */
  previewUrl: string | null;
}

/** State and actions of {@link useAnexos}. */
export interface AnexosState {
  anexos: ChosenAnexo[];
  /** Files still being prepared (resized). */
  preparing: number;
  /** The last problem with chosen files (type, size, count), or the server's `errors.anexos`. */
  error: string | null;
  add: (files: readonly File[]) => Promise<void>;
  remove: (key: number) => void;
  clear: () => void;
  setError: (message: string | null) => void;
}

/**
 * The attachments chosen on /timeline/add (issue 5): each image is resized
 * in the browser (`resizeImageForUpload` at `quality`) before it is checked
 * and listed, a PDF is checked as it is; at most `TIMELINE_ANEXOS_MAX` files
 * (those beyond are left out with 'Cada registro pode ter no máximo 10
 * anexos'). Files with a problem are left out and the problem kept in
 * `error`. Image previews are object URLs, revoked on removal and unmount.
 */
export function useAnexos(quality: number): AnexosState {
  const [anexos, setAnexos] = useState<ChosenAnexo[]>([]);
  const [preparing, setPreparing] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const nextKey = useRef(1);
  const slots = useRef(0);
  const urls = useRef(new Set<string>());
  const listRef = useRef(anexos);
  listRef.current = anexos;

  useEffect(() => {
    const owned = urls.current;
    return () => {
      for (const url of owned) URL.revokeObjectURL(url);
      owned.clear();
    };
  }, []);

  const add = useCallback(
    async (files: readonly File[]) => {
      setError(null);
      const room = Math.max(0, TIMELINE_ANEXOS_MAX - slots.current);
      const taken = files.slice(0, room);
      let problem: string | null = files.length > room ? TIMELINE_MESSAGES.anexosMax : null;
      slots.current += taken.length;
      setPreparing((n) => n + taken.length);
      const ready: ChosenAnexo[] = [];
      for (const original of taken) {
        try {
          const kind = anexoKind(original);
          if (kind === null) throw new Error(TIMELINE_MESSAGES.anexoTipo);
          const file = kind === 'image' ? await resizeImageForUpload(original, quality) : original;
          const tooBig = anexoProblem(file);
          if (tooBig) throw new Error(tooBig);
          const previewUrl = kind === 'image' ? URL.createObjectURL(file) : null;
          if (previewUrl) urls.current.add(previewUrl);
          ready.push({ key: nextKey.current++, file, kind, previewUrl });
        } catch (reason) {
          slots.current -= 1;
          problem ??= reason instanceof Error ? reason.message : TIMELINE_MESSAGES.anexoTipo;
        } finally {
          setPreparing((n) => n - 1);
        }
      }
      setAnexos((list) => [...list, ...ready]);
      if (problem) setError(problem);
    },
    [quality],
  );

  const remove = useCallback((key: number) => {
    const gone = listRef.current.find((a) => a.key === key);
    if (!gone) return;
    if (gone.previewUrl) {
      URL.revokeObjectURL(gone.previewUrl);
      urls.current.delete(gone.previewUrl);
    }
    slots.current -= 1;
    setAnexos((list) => list.filter((a) => a.key !== key));
    setError(null);
  }, []);

  const clear = useCallback(() => {
    for (const url of urls.current) URL.revokeObjectURL(url);
    urls.current.clear();
    slots.current = 0;
    setAnexos([]);
    setError(null);
  }, []);

  return { anexos, preparing, error, add, remove, clear, setError };
}
