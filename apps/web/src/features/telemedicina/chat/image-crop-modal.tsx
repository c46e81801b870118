import type { Area } from 'react-easy-crop';
import { CropModal } from '../../../ui/image/crop-modal.tsx';

/**
 * The crop view before an image is sent (docs/telemedicine.md "Files"): the
 * whole image framed at first, zoom and drag (or arrow keys) to keep only a
 * part. 'Enviar imagem' answers the area in the image's own pixels; 'Cancelar'
 * sends nothing.
 */
export function ImageCropModal({
  imageUrl,
  onCancel,
  onSend,
}: {
  /** Object URL of the chosen image; the dialog is open while it is set. */
  imageUrl: string | null;
  onCancel: () => void;
  onSend: (area: Area) => void;
}) {
  return (
    <CropModal
      imageUrl={imageUrl}
      title="Recortar imagem"
      hint="Aproxime e arraste a imagem (ou use as setas do teclado) para enviar só a parte que importa."
      confirmLabel="Enviar imagem"
      frame={{ kind: 'free', maxZoom: 4 }}
      size="lg"
      onCancel={onCancel}
      onConfirm={onSend}
    />
  );
}
