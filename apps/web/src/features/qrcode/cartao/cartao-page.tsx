import { Alert, Anchor, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { CartaoFacts } from '@pulso/domain';
import { formatCode, formatInstantBR, telHref } from '@pulso/domain';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { pageTitles, paths } from '../../../lib/paths.ts';
import { QueryError } from '../../../ui/query-error.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { type CartaoCard, useCartaoCard } from './api.ts';
import classes from './cartao-page.module.css';

/** Public emergency numbers of Brazil, always on the card. */
export const EMERGENCY_NUMBERS = [
  { nome: 'SAMU', numero: '192' },
  { nome: 'Bombeiros', numero: '193' },
] as const;

/**
 * The QR of `url` as a `data:` SVG, drawn on the device with the `qrcode`
 * package (error correction M, as the sticker), so it shows with no network.
 * `null` until drawn.
 */
export function useQrDataUrl(url: string): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }).then(
      (svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      },
      () => {
        if (live) setSrc(null);
      },
    );
    return () => {
      live = false;
    };
  }, [url]);
  return src;
}

/**
 * /cartao, 'Meu cartão de emergência' (docs/offline-card.md): the patient's
 * own card — name, code, QR, blood type, allergies and medications when
 * filled in, the emergency contact with a call link, SAMU 192 and Bombeiros
 * 193 — read from the network first and, with no connection, from the copy
 * kept on this device, with 'Atualizado em {data}' of the last sync.
 */
export default function CartaoPage() {
  useDocumentTitle(pageTitles.cartao);
  const query = useCartaoCard();

  return (
    <Stack gap="lg">
      <Title order={1}>{pageTitles.cartao}</Title>
      {query.isPending ? (
        <Skeleton height={480} maw="32rem" role="status" aria-label="Carregando seu cartão" />
      ) : query.isError ? (
        <QueryError
          title="Não foi possível abrir seu cartão"
          message={query.error.message}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <CartaoView card={query.data} />
      )}
      <Text size="sm">
        Depois de aberto uma vez com internet, este cartão abre neste aparelho mesmo sem conexão. Ao sair da
        conta, a cópia guardada é apagada. Para a tela de bloqueio e o cartão de carteira, veja{' '}
        <Anchor component={Link} to={paths.qrcodeGenerate}>
          Meu QR Code
        </Anchor>
        .
      </Text>
    </Stack>
  );
}

function CartaoView({ card }: { card: CartaoCard }) {
  const { cartao } = card;
  return (
    <Stack gap="md">
      {card.origem === 'copia' && (
        <Alert color="blue" title="Sem conexão">
          Mostrando a cópia guardada neste aparelho.
        </Alert>
      )}
      <Text fw={600}>Atualizado em {formatInstantBR(card.savedAt)}</Text>
      <article className={classes.card} aria-labelledby="cartao-nome">
        <Stack gap="md">
          <p className={classes.alerta}>Emergência médica</p>
          <h2 id="cartao-nome" className={classes.nome}>
            {cartao.name}
          </h2>
          <CartaoQr cartao={cartao} />
          <dl className={classes.facts}>
            <dt>Tipo sanguíneo</dt>
            <dd className={cartao.sangue ? classes.sangue : undefined}>{cartao.sangue ?? 'Não informado'}</dd>
            {cartao.alergias && (
              <>
                <dt>Alergias</dt>
                <dd>{cartao.alergias}</dd>
              </>
            )}
            {cartao.medicamentos && (
              <>
                <dt>Medicamentos</dt>
                <dd>{cartao.medicamentos}</dd>
              </>
            )}
            {cartao.contato && (
              <>
                <dt>Contato de emergência</dt>
                <dd>{cartao.contato}</dd>
              </>
            )}
          </dl>
          <div className={classes.calls}>
            {cartao.telefone && (
              <Button component="a" href={telHref(cartao.telefone)} size="md" color="red.9">
                Ligar para o contato de emergência
              </Button>
            )}
            {EMERGENCY_NUMBERS.map(({ nome, numero }) => (
              <Button
                key={numero}
                component="a"
                href={`tel:${numero}`}
                size="md"
                variant="outline"
                color="red.9"
              >
                {nome} {numero}
              </Button>
            ))}
          </div>
        </Stack>
      </article>
    </Stack>
  );
}

function CartaoQr({ cartao }: { cartao: CartaoFacts }) {
  const src = useQrDataUrl(cartao.url);
  return (
    <div className={classes.qrBlock}>
      {src ? (
        <img className={classes.qr} src={src} alt="QR Code do seu código pessoal" width={220} height={220} />
      ) : (
        <Skeleton width={220} height={220} />
      )}
      <Text size="sm">Código pessoal</Text>
      <p className={classes.code}>{formatCode(cartao.code)}</p>
    </div>
  );
}
