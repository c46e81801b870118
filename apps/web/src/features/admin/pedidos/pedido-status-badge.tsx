import { Badge } from '@mantine/core';
import { pedidoStatusLabel } from '@pulso/domain';

/** An order's status in words on a badge (issue 9 "Orders"): green when sent, blue while it waits. */
export function PedidoStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={status === 'E' ? 'green.9' : 'blue.9'} variant="filled">
      {pedidoStatusLabel(status)}
    </Badge>
  );
}
