import { Badge, Group } from '@mantine/core';
import type { AdminMedicoItem } from '@pulso/domain';

/** A doctor's state as text badges (never by colour alone): active or suspended, CRM verified or not, support. */
export function MedicoEstado({ medico }: { medico: AdminMedicoItem }) {
  return (
    <Group gap={4}>
      {medico.suspended_at ? (
        <Badge color="red.9" variant="filled">
          Suspenso
        </Badge>
      ) : (
        <Badge color="teal.9" variant="filled">
          Ativo
        </Badge>
      )}
      {medico.verified_at ? (
        <Badge color="blue.9" variant="filled">
          Verificado
        </Badge>
      ) : (
        <Badge color="gray.8" variant="outline">
          Não verificado
        </Badge>
      )}
      {medico.suporte && (
        <Badge color="violet.9" variant="filled">
          Suporte
        </Badge>
      )}
    </Group>
  );
}
