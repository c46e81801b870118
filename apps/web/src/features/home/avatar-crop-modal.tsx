import type { Area } from 'react-easy-crop';
import { CropModal } from '../../ui/image/crop-modal.tsx';

/** Side of the crop viewport in pixels (docs/accounts.md "Profile photo": 250×250). */
export const CROP_VIEWPORT = { width: 250, height: 250 } as const;

/**
 * Crop dialog of the avatar (docs/accounts.md "Profile photo": choose, crop,
 * save or cancel): a round 250×250 viewport over the chosen image, drag or
 * arrow keys to move, a zoom slider. 'Salvar' answers the area in the image's
 * own pixels.
 */
export function AvatarCropModal({
  imageUrl,
  onCancel,
  onSave,
}: {
  /** Object URL of the chosen file; the dialog is open while it is set. */
  imageUrl: string | null;
  onCancel: () => void;
  onSave: (area: Area) => void;
}) {
  return (
    <CropModal
      imageUrl={imageUrl}
      title="Recortar foto"
      hint="Arraste a imagem (ou use as setas do teclado) para enquadrar o rosto dentro do círculo."
      confirmLabel="Salvar"
      frame={{ kind: 'round', viewport: CROP_VIEWPORT, maxZoom: 3 }}
      size="md"
      onCancel={onCancel}
      onConfirm={onSave}
    />
  );
}
