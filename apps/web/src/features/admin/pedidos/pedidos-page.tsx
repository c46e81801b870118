import { Button, Stack, Table, Text, Title } from '@mantine/core';
import { formatCentavos, formatInstantBR, PEDIDO_STATUS_FILTROS } from '@pulso/domain';
import { useState } from 'react';
import { pageTitles } from '../../../lib/paths.ts';
import { DataTable } from '../../../ui/data-table.tsx';
import { LabelledSegmentedControl } from '../../../ui/labelled-segmented-control.tsx';
import { LoadMoreButton } from '../../../ui/load-more-button.tsx';
import { QueryView } from '../../../ui/query-view.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { statusFilter } from '../shared/status-filter.ts';
import { PedidoModal } from './pedido-modal.tsx';
import { PedidoStatusBadge } from './pedido-status-badge.tsx';
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
  const pedidos = usePedidos(statusFilter(filtro, PEDIDO_STATUS_FILTROS));
  return (
    <Stack gap="lg">
      <Title order={1}>{pageTitles.adminPedidos}</Title>
      <LabelledSegmentedControl
        id="pedidos-filtro"
        label="Situação"
        data={FILTROS}
        value={filtro}
        onChange={setFiltro}
      />
      <QueryView query={pedidos} errorTitle="Não foi possível carregar os pedidos">
        {(data) => {
          const rows = data.pages.flatMap((p) => p.pedidos);
          return rows.length === 0 ? (
            <Text>{EMPTY[filtro]}</Text>
          ) : (
            <>
              <DataTable
                label="Pedidos de adesivos"
                minWidth={640}
                columns={['Pedido', 'Situação', 'Data', 'Paciente', 'Cidade', 'Valor']}
              >
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
                      <PedidoStatusBadge status={p.status} />
                    </Table.Td>
                    <Table.Td>{formatInstantBR(p.created_at)}</Table.Td>
                    <Table.Td>{p.nome}</Table.Td>
                    <Table.Td>{p.cidade}</Table.Td>
                    <Table.Td>{formatCentavos(p.valor)}</Table.Td>
                  </Table.Tr>
                ))}
              </DataTable>
              <LoadMoreButton query={pedidos} />
            </>
          );
        }}
      </QueryView>
      <PedidoModal id={aberto} onClose={() => setAberto(null)} />
    </Stack>
  );
}
