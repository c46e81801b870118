import { Badge, Button, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import {
  formatCentavos,
  formatInstantBR,
  PEDIDO_STATUS_FILTROS,
  type PedidoStatusFiltro,
  pedidoStatusLabel,
} from '@pulso/domain';
import { useState } from 'react';
import { pageTitles } from '../../../lib/paths.ts';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { QueryError } from '../../../ui/query-error.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { PedidoModal } from './pedido-modal.tsx';
import { usePedidos } from './pedidos-api.ts';

const FILTROS = [
  { value: 'A', label: 'Aguardando' },
  { value: 'E', label: 'Enviados' },
  { value: 'todos', label: 'Todos' },
];

const EMPTY: Record<string, string> = {
  A: 'Nenhum pedido aguardando envio.',
  E: 'Nenhum pedido enviado ainda.',
  todos: 'Nenhum pedido de adesivos ainda.',
};

/**
 * Sticker orders (issue 9 "Orders"; admin and support): filtered by status
 * (Aguardando first: what needs shipping), newest first, 50 at a time; a
 * row opens the order in a dialog to read the address, download the sheet
 * and mark it sent.
 */
export default function PedidosPage() {
  useDocumentTitle(pageTitles.adminPedidos);
  const [filtro, setFiltro] = useState('A');
  const [aberto, setAberto] = useState<number | null>(null);
  const status = (PEDIDO_STATUS_FILTROS as readonly string[]).includes(filtro)
    ? (filtro as PedidoStatusFiltro)
    : null;
  const pedidos = usePedidos(status);
  const rows = pedidos.data?.pages.flatMap((p) => p.pedidos) ?? [];
  return (
    <Stack gap="lg">
      <Title order={1}>{pageTitles.adminPedidos}</Title>
      <div>
        <Text id="pedidos-filtro" size="sm" fw={500} mb={4}>
          Situação
        </Text>
        <SegmentedControl
          aria-labelledby="pedidos-filtro"
          data={FILTROS}
          value={filtro}
          onChange={setFiltro}
        />
      </div>
      {pedidos.isPending ? (
        <PageLoader />
      ) : pedidos.isError ? (
        <QueryError
          title="Não foi possível carregar os pedidos"
          message={pedidos.error.message}
          onRetry={() => void pedidos.refetch()}
          retrying={pedidos.isFetching}
        />
      ) : rows.length === 0 ? (
        <Text>{EMPTY[filtro]}</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={640}>
            <Table striped verticalSpacing="xs" aria-label="Pedidos de adesivos">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Pedido</Table.Th>
                  <Table.Th scope="col">Situação</Table.Th>
                  <Table.Th scope="col">Data</Table.Th>
                  <Table.Th scope="col">Paciente</Table.Th>
                  <Table.Th scope="col">Cidade</Table.Th>
                  <Table.Th scope="col">Valor</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Th scope="row">
                      <Button
                        size="compact-sm"
                        variant="default"
                        aria-label={`Ver pedido nº ${p.id}`}
                        onClick={() => setAberto(p.id)}
                      >
                        nº {p.id}
                      </Button>
                    </Table.Th>
                    <Table.Td>
                      <Badge color={p.status === 'E' ? 'green.9' : 'blue.9'} variant="filled">
                        {pedidoStatusLabel(p.status)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{formatInstantBR(p.created_at)}</Table.Td>
                    <Table.Td>{p.nome}</Table.Td>
                    <Table.Td>{p.cidade}</Table.Td>
                    <Table.Td>{formatCentavos(p.valor)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {pedidos.hasNextPage && (
            <Button
              variant="outline"
              onClick={() => void pedidos.fetchNextPage()}
              loading={pedidos.isFetchingNextPage}
            >
              Carregar mais
            </Button>
          )}
        </>
      )}
      <PedidoModal id={aberto} onClose={() => setAberto(null)} />
    </Stack>
  );
}
