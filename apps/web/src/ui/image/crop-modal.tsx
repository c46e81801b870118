import 'react-easy-crop/react-easy-crop.css';
import { Button, Slider, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { AppModal } from '../app-modal.tsx';
import classes from './crop-modal.module.css';

/** How the image is framed: a fixed round viewport (avatar) or a free rectangle of the image's own shape. */
export type CropFrame =
  | { kind: 'round'; viewport: { width: number; height: number }; maxZoom: number }
  | { kind: 'free'; maxZoom: number };

/** Props of {@link CropModal}. */
export interface CropModalProps {
  /** Object URL of the chosen image; the dialog is open while it is set. */
  imageUrl: string | null;
  title: string;
  /** What to do, read first and linked to the crop area for screen readers. */
  hint: string;
  confirmLabel: string;
  frame: CropFrame;
  size: 'md' | 'lg';
  onCancel: () => void;
  /** The chosen area, in the image's own pixels. */
  onConfirm: (area: Area) => void;
}

/**
 * A crop dialog over react-easy-crop: drag or arrow keys to move, a zoom
 * slider with its value spoken, Cancelar and the confirm button (disabled
 * until the library reported an area). Its CSS is imported here because the
 * CSP (`style-src 'self'`) blocks the `<style>` the library would inject.
 */
export function CropModal(props: CropModalProps) {
  const { imageUrl, title, size, onCancel } = props;
  return (
    <AppModal opened={imageUrl !== null} onClose={onCancel} title={title} size={size}>
      {imageUrl && <CropEditor key={imageUrl} {...props} imageUrl={imageUrl} />}
    </AppModal>
  );
}

function CropEditor({
  imageUrl,
  hint,
  confirmLabel,
  frame,
  onCancel,
  onConfirm,
}: CropModalProps & { imageUrl: string }) {
  const hintId = useId();
  const zoomLabelId = useId();
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [aspect, setAspect] = useState(frame.kind === 'round' ? 1 : 4 / 3);
  const [area, setArea] = useState<Area | null>(null);
  const round = frame.kind === 'round';

  return (
    <Stack gap="md">
      <Text id={hintId} size="sm">
        {hint}
      </Text>
      <div className={round ? classes.stage : `${classes.stage} ${classes.tall}`}>
        <Cropper
          image={imageUrl}
          crop={crop}
          zoom={zoom}
          minZoom={1}
          maxZoom={frame.maxZoom}
          aspect={aspect}
          {...(round ? { cropSize: frame.viewport, cropShape: 'round' as const } : {})}
          showGrid={!round}
          objectFit={round ? 'cover' : 'contain'}
          keyboardStep={10}
          disableAutomaticStylesInjection
          classes={{ cropAreaClassName: classes.cropArea }}
          cropperProps={{
            role: 'group',
            'aria-label': 'Área de recorte',
            'aria-describedby': hintId,
          }}
          onMediaLoaded={(media) => {
            if (!round) setAspect(media.naturalWidth / media.naturalHeight);
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
          min={1}
          max={frame.maxZoom}
          step={0.05}
          value={zoom}
          onChange={setZoom}
          label={null}
          // Mantine writes the thumb's aria-valuetext from `thumbValueText`, over any thumbProps.
          thumbValueText={(value) => `${Math.round(value * 100)}%`}
          thumbProps={{ 'aria-labelledby': zoomLabelId }}
        />
      </div>
      <div className={classes.actions}>
        <Button variant="default" onClick={onCancel}>
          Cancelar
        </Button>
        <Button onClick={() => area && onConfirm(area)} disabled={area === null}>
          {confirmLabel}
        </Button>
      </div>
    </Stack>
  );
}
