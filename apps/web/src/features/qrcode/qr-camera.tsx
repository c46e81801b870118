import { Alert, Button, Stack, Text } from '@mantine/core';
import type QrScanner from 'qr-scanner';
import { useEffect, useRef, useState } from 'react';
import classes from './qr-camera.module.css';

type CameraState = 'off' | 'starting' | 'on' | 'denied' | 'unavailable';

/** Shown when the browser refused the camera (permission denied, now or earlier). */
export const CAMERA_DENIED_MESSAGE =
  'O acesso à câmera foi negado. Permita o uso da câmera nas configurações do navegador ou digite o código abaixo.';
/** Shown when there is no usable camera (none, busy, or a page not served over HTTPS). */
export const CAMERA_UNAVAILABLE_MESSAGE =
  'Não foi possível usar a câmera deste aparelho. Digite o código abaixo.';

// qr-scanner reports every getUserMedia failure as 'Camera not found.': ask the Permissions API
// whether the user said no, so the message can tell them how to fix it.
async function cameraFailure(): Promise<'denied' | 'unavailable'> {
  try {
    const status = await navigator.permissions?.query({ name: 'camera' as PermissionName });
    return status?.state === 'denied' ? 'denied' : 'unavailable';
  } catch {
    return 'unavailable';
  }
}

/**
 * Camera QR reader (qr-scanner, loaded on demand with its worker). The camera
 * starts only on 'Ativar câmera' and stops on 'Parar câmera' or when the page
 * is left. Calls `onScan` with each decoded payload; the caller validates it.
 */
export function QrCamera({ onScan }: { onScan: (payload: string) => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const scannerRef = useRef<QrScanner | null>(null);
  // Bumped by every start and stop: a start that resolves after a later stop gives up.
  const attempt = useRef(0);
  const onScanRef = useRef(onScan);
  const [state, setState] = useState<CameraState>('off');

  useEffect(() => {
    onScanRef.current = onScan;
  }, [onScan]);

  useEffect(
    () => () => {
      attempt.current += 1;
      scannerRef.current?.destroy();
      scannerRef.current = null;
    },
    [],
  );

  async function start() {
    const current = ++attempt.current;
    setState('starting');
    let scanner: QrScanner | null = null;
    try {
      const { default: Scanner } = await import('qr-scanner');
      const video = videoRef.current;
      if (current !== attempt.current || !video) return;
      scannerRef.current?.destroy();
      scanner = new Scanner(video, (result) => onScanRef.current(result.data), {
        preferredCamera: 'environment',
        maxScansPerSecond: 5,
        returnDetailedScanResult: true,
        onDecodeError: () => {},
      });
      scannerRef.current = scanner;
      await scanner.start();
      if (current === attempt.current) setState('on');
    } catch {
      // 'Parar câmera' or leaving the page while the camera was starting is not a failure.
      if (current !== attempt.current) return;
      scanner?.destroy();
      scannerRef.current = null;
      const failure = await cameraFailure();
      if (current === attempt.current) setState(failure);
    }
  }

  function stop() {
    attempt.current += 1;
    scannerRef.current?.destroy();
    scannerRef.current = null;
    setState('off');
  }

  const showVideo = state === 'starting' || state === 'on';
  return (
    <Stack gap="sm" align="flex-start">
      <div className={classes.viewport} hidden={!showVideo}>
        <video ref={videoRef} className={classes.video} aria-label="Imagem da câmera" muted playsInline />
        <div className={classes.frame} />
      </div>
      {state === 'on' && (
        <Text size="sm" role="status">
          Câmera ativa. Aponte para o QR Code.
        </Text>
      )}
      {(state === 'denied' || state === 'unavailable') && (
        <Alert color="yellow" role="alert">
          {state === 'denied' ? CAMERA_DENIED_MESSAGE : CAMERA_UNAVAILABLE_MESSAGE}
        </Alert>
      )}
      {showVideo ? (
        <Button size="md" variant="outline" onClick={stop}>
          Parar câmera
        </Button>
      ) : (
        <Button size="md" onClick={() => void start()}>
          Ativar câmera
        </Button>
      )}
    </Stack>
  );
}
