import { Anchor, Button, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatCode } from '@pulso/domain';
import { Link } from 'react-router';
import { pageTitles, paths } from '../../lib/paths.ts';
import { useSnackbar } from '../../lib/snackbar/snackbar-context.tsx';
import { QueryError } from '../../ui/query-error.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { useDownloadQrcode } from './api/download-qrcode.ts';
import { type QrcodeResponse, useQrcode } from './api/get-qrcode.ts';
import { CartaoSection } from './cartao-section.tsx';
import { LostSticker } from './lost-sticker.tsx';
import classes from './qrcode-generate-page.module.css';

/** `data:` URL of an SVG document (the CSP allows `data:` images, never inline markup). */
export function svgDataUrl(svg: string): string {
  const bytes = new TextEncoder().encode(svg);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `data:image/svg+xml;base64,${btoa(binary)}`;
}

/**
 * /qrcode/generate, 'Meu QR Code' (docs/codes.md "My QR code"): the patient's QR code and
 * code, the PNG download, the sticker order and, once there are orders, 'Meus pedidos';
 * then the lock-screen image and the wallet card (docs/emergency-card.md), and 'Perdi meu adesivo'
 * (docs/codes.md "A lost sticker").
 */
export default function QrcodeGeneratePage() {
  useDocumentTitle(pageTitles.qrcodeGenerate);
  const query = useQrcode();

  return (
    <Stack gap="lg">
      <Title order={1}>{pageTitles.qrcodeGenerate}</Title>
      {query.isPending ? (
        <QrcodeSkeleton />
      ) : query.isError ? (
        <QueryError
          title="Não foi possível carregar seu QR Code"
          message={query.error.message}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <>
          <QrcodeCard data={query.data} />
          <CartaoSection qrSrc={svgDataUrl(query.data.qrcode.svg)} />
        </>
      )}
    </Stack>
  );
}

function QrcodeSkeleton() {
  return (
    <div className={classes.layout} role="status" aria-label="Carregando seu QR Code">
      <div className={classes.card}>
        <Skeleton className={classes.qrSkeleton} />
        <Skeleton height={36} width="80%" />
        <Skeleton height={42} />
      </div>
    </div>
  );
}

function QrcodeCard({ data }: { data: QrcodeResponse }) {
  const { code, url, svg } = data.qrcode;
  const download = useDownloadQrcode();
  const snackbar = useSnackbar();

  return (
    <div className={classes.layout}>
      <div className={classes.card}>
        <img
          className={classes.qr}
          src={svgDataUrl(svg)}
          alt="QR Code do seu código pessoal"
          width={260}
          height={260}
        />
        <p className={classes.codeLabel}>Seu código pessoal</p>
        <p className={classes.code}>{formatCode(code)}</p>
        <div className={classes.actions}>
          <Button
            size="md"
            loading={download.isPending}
            onClick={() => download.mutate(code, { onError: snackbar.error })}
          >
            Baixar QR Code
          </Button>
          <Button size="md" variant="outline" component={Link} to={paths.cartao}>
            Abrir meu cartão de emergência
          </Button>
          <Button size="md" variant="outline" component={Link} to={paths.qrcodePurchase}>
            Pedir adesivos
          </Button>
          {data.orders.length > 0 && (
            <Button size="md" variant="subtle" component={Link} to={paths.qrcodeOrders}>
              Meus pedidos
            </Button>
          )}
        </div>
      </div>
      <Stack gap="sm">
        <Title order={2}>Como usar</Title>
        <List spacing="xs">
          <List.Item>
            Cole o QR Code no celular, na carteira, no capacete ou na mochila: onde alguém o encontre numa
            emergência.
          </List.Item>
          <List.Item>
            Quem escanear o código verá seus dados de emergência: tipo sanguíneo, contato de emergência,
            características físicas e endereço. Sem precisar de login.
          </List.Item>
          <List.Item>
            Sem leitor de QR Code, basta digitar o código {formatCode(code)} no Pulso ou abrir{' '}
            <Anchor href={url} className={classes.url}>
              {url}
            </Anchor>
            .
          </List.Item>
        </List>
        <Text>
          Mantenha esses dados em dia:{' '}
          <Anchor component={Link} to={paths.home} fw={600}>
            revisar meus dados de emergência
          </Anchor>
          .
        </Text>
        <LostSticker />
      </Stack>
    </div>
  );
}
