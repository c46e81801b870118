import { Button, Group, Stack, Text } from '@mantine/core';
import { formatCentavos, formatCode, formatInstantBR } from '@pulso/domain';
import { AppModal } from '../../../ui/app-modal.tsx';
import { QueryView } from '../../../ui/query-view.tsx';
import { Fact } from '../shared/fact.tsx';
import { useRequestFeedback } from '../shared/use-request-feedback.ts';
import { EnviarForm } from './enviar-form.tsx';
import classes from './pedido-modal.module.css';
import { PedidoStatusBadge } from './pedido-status-badge.tsx';
import { type Pedido, useDownloadPedidoPdf, usePedido } from './pedidos-api.ts';

function preco(p: Pedido): string {
  if (p.plano_anual) return `${formatCentavos(0)} (grátis no plano anual)`;
  return formatCentavos(p.valor);
}

/**
 * One order in a dialog (issue 9 "Orders"): the buyer, the code, the
 * delivery address, the price and coupon, the shipping; the sticker sheet
 * download and, while it waits, 'Marcar como enviado'.
 */
export function PedidoModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const feedback = useRequestFeedback();
  const pedido = usePedido(id);
  const download = useDownloadPedidoPdf();
  return (
    <AppModal opened={id !== null} onClose={onClose} title={`Pedido nº ${id ?? ''}`} size="lg">
      <QueryView query={pedido} errorTitle="Não foi possível carregar o pedido">
        {(p) => (
          <Stack gap="md">
            <Group gap="xs">
              <PedidoStatusBadge status={p.status} />
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
              onClick={() => download.mutate(p.id, { onError: feedback.failure() })}
              loading={download.isPending}
            >
              Baixar adesivos (PDF)
            </Button>
            {p.status === 'A' && <EnviarForm key={p.id} pedido={p} />}
          </Stack>
        )}
      </QueryView>
    </AppModal>
  );
}
