import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { formatInstantBR, pedidoStatusLabel } from '@pulso/domain';
import { useId } from 'react';
import { Link } from 'react-router';
import { pageTitles, paths } from '../../lib/paths.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { QueryError } from '../../ui/query-error.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { type OrderItem, useOrders } from './api/pedidos.ts';
import classes from './qrcode-orders-page.module.css';

/**
 * /qrcode/orders, 'Meus pedidos' (docs/payments-and-admin.md "Sticker orders"):
 * the sticker orders, newest first, as a table of number, date `dd/mm/aaaa`
 * (São Paulo) and status ('Aguardando' / 'Enviado', written out, the colour
 * only repeats it); an empty state leading to the purchase.
 */
export default function QrcodeOrdersPage() {
  useDocumentTitle(pageTitles.qrcodeOrders);
  const query = useOrders();

  return (
    <Stack gap="lg" className={classes.page}>
      <Title order={1}>{pageTitles.qrcodeOrders}</Title>
      {query.isPending ? (
        <PageLoader />
      ) : query.isError ? (
        <QueryError
          title="Não foi possível carregar seus pedidos"
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.data.orders.length === 0 ? (
        <Stack gap="sm" align="flex-start">
          <Text>Você ainda não pediu adesivos de QR Code.</Text>
          <Button component={Link} to={paths.qrcodePurchase}>
            Pedir adesivos
          </Button>
        </Stack>
      ) : (
        <OrdersTable orders={query.data.orders} />
      )}
      <Group>
        <Button component={Link} to={paths.qrcodeGenerate} variant="default">
          Voltar ao meu QR Code
        </Button>
      </Group>
    </Stack>
  );
}

function OrdersTable({ orders }: { orders: OrderItem[] }) {
  const captionId = useId();
  return (
    <div className={classes.card}>
      <Table striped verticalSpacing="sm" aria-labelledby={captionId}>
        <caption id={captionId} className={classes.caption}>
          Pedidos de adesivos, do mais recente ao mais antigo
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Pedido</Table.Th>
            <Table.Th scope="col">Data</Table.Th>
            <Table.Th scope="col">Situação</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((o) => (
            <Table.Tr key={o.id}>
              <Table.Td>nº {o.id}</Table.Td>
              <Table.Td>{formatInstantBR(o.created_at)}</Table.Td>
              <Table.Td>
                <Badge
                  color={o.status === 'E' ? 'teal.2' : 'yellow.2'}
                  c="dark.8"
                  variant="filled"
                  radius="sm"
                  tt="none"
                  size="md"
                >
                  {pedidoStatusLabel(o.status)}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
