import { Alert, Stack, Text, Title } from '@mantine/core';
import { readScannedCode } from '@pulso/domain';
import { useCallback, useRef, useState } from 'react';
import { generatePath, useNavigate, useSearchParams } from 'react-router';
import { pageTitles, paths } from '../../lib/paths.ts';
import { destinoUrl, QR_DESTINOS, qrDestinoOf } from '../../lib/qr-destino.ts';
import { openServerPage } from '../../lib/server-page.ts';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { CodeEntryForm } from './code-entry-form.tsx';
import { QrCamera } from './qr-camera.tsx';
import classes from './qrcode-read-page.module.css';

/**
 * /qrcode/read, 'Ler QR Code' (docs/codes.md "QR reader"): camera scan and manual code.
 * A scan is accepted only from Pulso's own origin (docs/codes.md "QR content");
 * both paths open /code/:code, which sends an unknown code on to Register —
 * or, opened with `?destino=` from /timeline/add (`timeline`) or /mapa-dor
 * (`mapa-dor`), go back there with `?code=` to add a record for that patient.
 */
export default function QrcodeReadPage() {
  useDocumentTitle(pageTitles.qrcodeRead);
  const navigate = useNavigate();
  const destino = qrDestinoOf(useSearchParams()[0].get('destino'));
  const [scanError, setScanError] = useState<string | null>(null);
  const opened = useRef(false);

  const open = useCallback(
    (code: string) => {
      if (opened.current) return;
      opened.current = true;
      if (destino) void navigate(destinoUrl(destino, code));
      else openServerPage(generatePath(paths.code, { code }));
    },
    [navigate, destino],
  );

  const onScan = useCallback(
    (payload: string) => {
      const result = readScannedCode(payload, window.location.origin);
      if (result.ok) open(result.code);
      else setScanError(result.message);
    },
    [open],
  );

  return (
    <Stack gap="lg">
      <Title order={1}>{pageTitles.qrcodeRead}</Title>
      {destino && <Text>{QR_DESTINOS[destino].hint}</Text>}
      <section className={classes.section} aria-labelledby="ler-camera">
        <Stack gap="sm">
          <Title order={2} id="ler-camera">
            Escanear com a câmera
          </Title>
          <Text>Aponte a câmera para o QR Code Pulso do paciente.</Text>
          {scanError && (
            <Alert color="red" role="alert">
              {scanError}
            </Alert>
          )}
          <QrCamera onScan={onScan} />
        </Stack>
      </section>
      <section className={classes.section} aria-labelledby="ler-codigo">
        <Stack gap="sm">
          <Title order={2} id="ler-codigo">
            Digitar o código
          </Title>
          <Text>Digite o código pessoal de 8 caracteres do paciente.</Text>
          <CodeEntryForm onCode={open} />
        </Stack>
      </section>
    </Stack>
  );
}
