import { Button, Checkbox, List, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { CartaoFacts } from '@pulso/domain';
import {
  CARTAO_ITENS,
  type CartaoEscolha,
  type CartaoItem,
  formatCode,
  TELA_FORMATO_PADRAO,
  TELA_FORMATOS,
  type TelaFormato,
} from '@pulso/domain';
import { useState } from 'react';
import { useSnackbar } from '../../lib/snackbar/snackbar-context.tsx';
import { QueryError } from '../../ui/query-error.tsx';
import { useCartaoFacts, useDownloadCarteira, useDownloadTela } from './api/cartao.ts';
import classes from './cartao-section.module.css';

/** Labels of the optional facts, in the ticks and the preview (the files print the same). */
export const CARTAO_ROTULOS: Record<CartaoItem, { tick: string; prefix: string }> = {
  alergias: { tick: 'Alergias', prefix: 'Alergias:' },
  medicamentos: { tick: 'Medicamentos', prefix: 'Medicamentos:' },
  contato: { tick: 'Contato de emergência', prefix: 'Contato:' },
};

/** The ticks a preview starts with: every filled-in fact (docs/emergency-card.md). */
export function defaultEscolha(facts: CartaoFacts): CartaoEscolha {
  return {
    alergias: facts.alergias !== null,
    medicamentos: facts.medicamentos !== null,
    contato: facts.contato !== null,
  };
}

/**
 * 'Tela de bloqueio e cartão' of /qrcode/generate (docs/emergency-card.md):
 * the patient ticks which of their filled-in facts go on the files, sees a
 * preview, and downloads the lock-screen PNG (iPhone or Android size) and the
 * wallet card PDF; with how to set the image as the lock screen.
 */
export function CartaoSection({ qrSrc }: { qrSrc: string }) {
  const query = useCartaoFacts();
  return (
    <section aria-labelledby="cartao-titulo" className={classes.section}>
      <Title order={2} id="cartao-titulo">
        Tela de bloqueio e cartão
      </Title>
      {query.isPending ? (
        <Skeleton height={320} />
      ) : query.isError ? (
        <QueryError
          title="Não foi possível carregar seus dados"
          message={query.error.message}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <CartaoChooser facts={query.data.cartao} qrSrc={qrSrc} />
      )}
    </section>
  );
}

function CartaoChooser({ facts, qrSrc }: { facts: CartaoFacts; qrSrc: string }) {
  const [escolha, setEscolha] = useState<CartaoEscolha>(() => defaultEscolha(facts));
  const [formato, setFormato] = useState<TelaFormato>(TELA_FORMATO_PADRAO);
  const tela = useDownloadTela();
  const carteira = useDownloadCarteira();
  const snackbar = useSnackbar();
  const filled = CARTAO_ITENS.filter((item) => facts[item] !== null);

  return (
    <div className={classes.layout}>
      <Stack gap="md">
        <Text>
          A imagem fica na tela de bloqueio, que qualquer pessoa vê sem desbloquear o celular. Escolha o que
          aparece nela e no cartão; nome, tipo sanguíneo e QR Code sempre aparecem.
        </Text>
        {filled.length > 0 ? (
          <Checkbox.Group
            label="Mostrar na imagem e no cartão"
            value={CARTAO_ITENS.filter((item) => escolha[item])}
            onChange={(values) =>
              setEscolha({
                alergias: values.includes('alergias'),
                medicamentos: values.includes('medicamentos'),
                contato: values.includes('contato'),
              })
            }
          >
            <Stack gap="xs" mt="xs">
              {filled.map((item) => (
                <Checkbox key={item} value={item} label={CARTAO_ROTULOS[item].tick} />
              ))}
            </Stack>
          </Checkbox.Group>
        ) : (
          <Text c="dimmed">
            Alergias, medicamentos e contato de emergência aparecem aqui quando preenchidos em Meus dados e
            Minha saúde.
          </Text>
        )}
        <SegmentedControl
          aria-label="Tamanho da imagem"
          value={formato}
          onChange={(value) => setFormato(value as TelaFormato)}
          data={Object.entries(TELA_FORMATOS).map(([value, f]) => ({ value, label: f.rotulo }))}
        />
        <Button
          size="md"
          loading={tela.isPending}
          onClick={() => tela.mutate({ code: facts.code, escolha, formato }, { onError: snackbar.error })}
        >
          Baixar imagem para a tela de bloqueio
        </Button>
        <Button
          size="md"
          variant="outline"
          loading={carteira.isPending}
          onClick={() => carteira.mutate({ code: facts.code, escolha }, { onError: snackbar.error })}
        >
          Baixar cartão para a carteira
        </Button>
        <HowTo />
      </Stack>
      <CartaoPreview facts={facts} escolha={escolha} qrSrc={qrSrc} />
    </div>
  );
}

/** The lock-screen image as it will look: the card below the clock's area, with the ticked facts only. */
export function CartaoPreview({
  facts,
  escolha,
  qrSrc,
}: {
  facts: CartaoFacts;
  escolha: CartaoEscolha;
  qrSrc: string;
}) {
  return (
    <figure className={classes.phone} aria-labelledby="cartao-previa">
      <div className={classes.clock} aria-hidden="true">
        9:41
      </div>
      <div className={classes.card}>
        <p className={classes.alert}>EMERGÊNCIA MÉDICA</p>
        <p className={classes.name}>{facts.name}</p>
        {facts.sangue && (
          <p className={classes.fact}>
            Tipo sanguíneo: <strong>{facts.sangue}</strong>
          </p>
        )}
        {CARTAO_ITENS.map((item) =>
          escolha[item] && facts[item] ? (
            <p key={item} className={classes.fact}>
              <strong className={item === 'alergias' ? classes.alertLabel : undefined}>
                {CARTAO_ROTULOS[item].prefix}
              </strong>{' '}
              {facts[item]}
            </p>
          ) : null,
        )}
        <img className={classes.qr} src={qrSrc} alt="" width={96} height={96} />
        <p className={classes.code}>{formatCode(facts.code)}</p>
      </div>
      <figcaption id="cartao-previa" className={classes.caption}>
        Prévia da tela de bloqueio
      </figcaption>
    </figure>
  );
}

function HowTo() {
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        Como colocar na tela de bloqueio
      </Title>
      <List spacing="xs" size="sm">
        <List.Item>
          <strong>iPhone:</strong> abra a imagem em Fotos, toque em Compartilhar e em “Usar como Papel de
          Parede”, ajuste e toque em Adicionar (ou Definir como Tela Bloqueada).
        </List.Item>
        <List.Item>
          <strong>Android:</strong> abra a imagem na Galeria ou no Google Fotos, toque em ⋮ (Mais) e em
          “Definir como plano de fundo” ou “Usar como”, e escolha Tela de bloqueio. Os nomes variam com o
          fabricante.
        </List.Item>
        <List.Item>
          <strong>Cartão:</strong> imprima o PDF em tamanho real (100 %, sem “ajustar à página”), recorte
          pelas marcas dos cantos, cole frente e verso e, se puder, plastifique.
        </List.Item>
      </List>
    </Stack>
  );
}
