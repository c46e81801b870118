import { Button, FileButton } from '@mantine/core';
import { AVATAR_IMAGE_TYPES, avatarFileProblem } from '@pulso/domain';
import { useEffect, useRef, useState } from 'react';
import type { Area } from 'react-easy-crop';
import { useSnackbar } from '../../lib/snackbar/snackbar-context.tsx';
import { useUploadAvatar } from './api/upload-avatar.ts';
import { AvatarCropModal } from './avatar-crop-modal.tsx';
import { cropToPng } from './crop-image.ts';

/**
 * 'Alterar foto' (docs/accounts.md "Profile photo"): choose a PNG, JPEG or
 * WebP up to 2 MB, crop it in a 250×250 circle, send a 350×350 PNG.
 * Cancelling discards the file; the object URL of the chosen file is revoked
 * when the dialog closes.
 */
export function AvatarEditor() {
  const snackbar = useSnackbar();
  const upload = useUploadAvatar();
  const resetInput = useRef<() => void>(null);
  const chooseButton = useRef<HTMLButtonElement>(null);
  const [imageUrl, setImageUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!imageUrl) return;
    return () => URL.revokeObjectURL(imageUrl);
  }, [imageUrl]);

  const choose = (file: File | null) => {
    // The same file may be chosen again after a cancel.
    resetInput.current?.();
    if (!file) return;
    const problem = avatarFileProblem(file);
    if (problem) {
      snackbar.error(problem);
      return;
    }
    setImageUrl(URL.createObjectURL(file));
  };

  const close = () => setImageUrl(null);

  const save = async (area: Area) => {
    if (!imageUrl) return;
    let png: Blob;
    try {
      png = await cropToPng(imageUrl, area);
    } catch (error) {
      snackbar.error(error instanceof Error ? error.message : error);
      return;
    }
    close();
    upload.mutate(png, {
      onSuccess: (answer) => snackbar.success(answer.message),
      onError: (error) => snackbar.error(error),
      onSettled: () => chooseButton.current?.focus(),
    });
  };

  return (
    <>
      <FileButton onChange={choose} accept={AVATAR_IMAGE_TYPES.join(',')} resetRef={resetInput}>
        {(props) => (
          <Button {...props} ref={chooseButton} variant="default" size="sm">
            Alterar foto
          </Button>
        )}
      </FileButton>
      <AvatarCropModal imageUrl={imageUrl} onCancel={close} onSave={save} />
    </>
  );
}
