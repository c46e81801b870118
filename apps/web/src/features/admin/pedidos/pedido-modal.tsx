import { Alert, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import {
  formatCentavos,
  formatCode,
  formatInstantBR,
  MarcarEnviadoSchema,
  pedidoStatusLabel,
} from '@pulso/domain';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context.tsx';
import { AppModal } from '../../../ui/app-modal.tsx';
import { domainResolver } from '../../../ui/domain-resolver.ts';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { QueryError } from '../../../ui/query-error.tsx';
import { applyServerErrors } from '../../../ui/server-errors.ts';
import classes from './pedido-modal.module.css';
import { type Pedido, useDownloadPedidoPdf, useMarcarEnviado, usePedido } from './pedidos-api.ts';

/** A `<dt>`/`<dd>` pair of the order's facts. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} className={classes.value}>
        {children}
      </Text>
    </div>
  );
}

function preco(p: Pedido): string {
  if (p.plano_anual) return `${formatCentavos(0)} (grátis no plano anual)`;
  return formatCentavos(p.valor);
}

/** 'Marcar como enviado': the optional tracking code, then a confirmation in place. */
function EnviarForm({ pedido }: { pedido: Pedido }) {
  const snackbar = useSnackbar();
  const enviar = useMarcarEnviado();
  const [confirming, setConfirming] = useState<string | null | undefined>(undefined);
  const cancel = useRef<HTMLButtonElement>(null);
  // The question appears below the facts: bring it into view and put the keyboard on 'Cancelar'.
  useEffect(() => {
    if (confirming !== undefined) cancel.current?.focus();
  }, [confirming]);
  const form = useForm<{ rastreio: string }, unknown, { rastreio: string | null }>({
    resolver: domainResolver(MarcarEnviadoSchema),
    defaultValues: { rastreio: '' },
  });
  const send = () =>
    enviar.mutate(
      { id: pedido.id, body: { rastreio: confirming ?? null } },
      {
        onSuccess: (answer) => {
          snackbar.success(answer.message);
          setConfirming(undefined);
        },
        onError: (error) => {
          setConfirming(undefined);
          if (!applyServerErrors(error, form.setError, ['rastreio'])) snackbar.error(error);
        },
      },
    );

  if (confirming !== undefined) {
    return (
      <Alert color="blue" title="Confirmar envio">
        <Stack gap="sm">
          <Text size="sm">
            {`Marcar o pedido nº ${pedido.id} como enviado${confirming ? ` com o rastreio ${confirming}` : ', sem código de rastreio'}? ${pedido.comprador.name} receberá um e-mail e uma notificação. Não é possível desfazer.`}
          </Text>
          <Group gap="sm" justify="flex-end">
            <Button
              variant="default"
              onClick={() => setConfirming(undefined)}
              disabled={enviar.isPending}
              data-autofocus
            >
              Cancelar
            </Button>
            <Button onClick={send} loading={enviar.isPending}>
              Confirmar envio
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
  return (
    <form
      aria-label="Marcar como enviado"
      noValidate
      onSubmit={form.handleSubmit((values) => setConfirming(values.rastreio))}
    >
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Código de rastreio (opcional)"
          placeholder="AB123456789BR"
          autoComplete="off"
          style={{ flex: '1 1 200px' }}
          error={form.formState.errors.rastreio?.message}
          {...form.register('rastreio')}
        />
        <Button type="submit">Marcar como enviado</Button>
      </Group>
    </form>
  );
}

/**
 * One order in a dialog (issue 9 "Orders"): the buyer, the code, the
 * delivery address, the price and coupon, the shipping; the sticker sheet
 * download and, while it waits, 'Marcar como enviado'.
 */
export function PedidoModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const snackbar = useSnackbar();
  const pedido = usePedido(id);
  const download = useDownloadPedidoPdf();
  const p = pedido.data;
  return (
    <AppModal opened={id !== null} onClose={onClose} title={`Pedido nº ${id ?? ''}`} size="lg">
      {pedido.isPending ? (
        <PageLoader />
      ) : pedido.isError ? (
        <QueryError
          title="Não foi possível carregar o pedido"
          message={pedido.error.message}
          onRetry={() => void pedido.refetch()}
          retrying={pedido.isFetching}
        />
      ) : p ? (
        <Stack gap="md">
          <Group gap="xs">
            <Badge color={p.status === 'E' ? 'green.9' : 'blue.9'} variant="filled">
              {pedidoStatusLabel(p.status)}
            </Badge>
            <Text size="sm">Feito em {formatInstantBR(p.created_at)}</Text>
          </Group>
          <dl className={classes.facts}>
            <Fact label="Paciente">{p.comprador.name}</Fact>
            <Fact label="E-mail">{p.comprador.email}</Fact>
            <Fact label="Código dos adesivos">{formatCode(p.code)}</Fact>
            <Fact label="Endereço">
              {p.endereco}
              {p.complemento ? ` — ${p.complemento}` : ''}
            </Fact>
            <Fact label="Bairro">{p.bairro}</Fact>
            <Fact label="Cidade">{p.cidade}</Fact>
            <Fact label="CEP">{p.cep}</Fact>
            <Fact label="Valor">{preco(p)}</Fact>
            <Fact label="Cupom">{p.coupon ? `${p.coupon.nome} (${p.coupon.desconto}%)` : 'Nenhum'}</Fact>
            {p.status === 'E' && (
              <>
                <Fact label="Enviado em">{p.enviado_em ? formatInstantBR(p.enviado_em) : '—'}</Fact>
                <Fact label="Código de rastreio">{p.rastreio ?? 'Sem rastreio'}</Fact>
              </>
            )}
          </dl>
          <Button
            variant="default"
            onClick={() => download.mutate(p.id, { onError: snackbar.error })}
            loading={download.isPending}
          >
            Baixar adesivos (PDF)
          </Button>
          {p.status === 'A' && <EnviarForm key={p.id} pedido={p} />}
        </Stack>
      ) : null}
    </AppModal>
  );
}
