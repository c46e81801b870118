import 'react-easy-crop/react-easy-crop.css';
import { Button, Slider, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { AppModal } from '../../ui/app-modal.tsx';
import classes from './avatar-crop-modal.module.css';

/** Side of the crop viewport in pixels (spec 1 §9: 250×250). */
export const CROP_VIEWPORT = { width: 250, height: 250 } as const;

const MIN_ZOOM = 1;
const MAX_ZOOM = 3;

/**
 * Crop dialog of the avatar (spec 1 §4: choose, crop, save or cancel): a
 * round 250×250 viewport over the chosen image, drag or arrow keys to move,
 * a zoom slider. 'Salvar' answers the area in the image's own pixels.
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
    <AppModal opened={imageUrl !== null} onClose={onCancel} title="Recortar foto" size="md">
      {imageUrl && <CropEditor key={imageUrl} imageUrl={imageUrl} onCancel={onCancel} onSave={onSave} />}
    </AppModal>
  );
}

function CropEditor({
  imageUrl,
  onCancel,
  onSave,
}: {
  imageUrl: string;
  onCancel: () => void;
  onSave: (area: Area) => void;
}) {
  const hintId = useId();
  const zoomLabelId = useId();
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);

  return (
    <Stack gap="md">
      <Text id={hintId} size="sm">
        Arraste a imagem (ou use as setas do teclado) para enquadrar o rosto dentro do círculo.
      </Text>
      <div className={classes.stage}>
        <Cropper
          image={imageUrl}
          crop={crop}
          zoom={zoom}
          minZoom={MIN_ZOOM}
          maxZoom={MAX_ZOOM}
          aspect={1}
          cropSize={CROP_VIEWPORT}
          cropShape="round"
          showGrid={false}
          objectFit="cover"
          keyboardStep={10}
          // The CSP (`style-src 'self'`) blocks the <style> the library would inject: its CSS is imported above.
          disableAutomaticStylesInjection
          classes={{ cropAreaClassName: classes.cropArea }}
          cropperProps={{
            role: 'group',
            'aria-label': 'Área de recorte',
            'aria-describedby': hintId,
          }}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => setArea(pixels)}
        />
      </div>
      <div>
        <Text id={zoomLabelId} size="sm" fw={500} mb={4}>
          Zoom
        </Text>
        <Slider
          min={MIN_ZOOM}
          max={MAX_ZOOM}
          step={0.05}
          value={zoom}
          onChange={setZoom}
          label={null}
          thumbProps={{ 'aria-labelledby': zoomLabelId, 'aria-valuetext': `${Math.round(zoom * 100)}%` }}
        />
      </div>
      <div className={classes.actions}>
        <Button variant="default" onClick={onCancel}>
          Cancelar
        </Button>
        <Button onClick={() => area && onSave(area)} disabled={area === null}>
          Salvar
        </Button>
      </div>
    </Stack>
  );
}
