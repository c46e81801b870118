import { Button, Group, Stack, Text } from '@mantine/core';
import {
  DOR_MESSAGES,
  INTENSIDADE_DOR_LABELS,
  type IntensidadeDor,
  LOCAL_DOR_LABELS,
  type LocalDor,
} from '@pulso/domain';
import { AppModal } from '../../ui/app-modal.tsx';
import classes from './mapa-dor-page.module.css';

/**
 * The dialog 'Salvar' opens on /mapa-dor (docs/health-record.md "Saving a pain
 * record"): the location and level chosen, the warning that a saved pain
 * record can no longer be deleted or edited from the timeline, 'Voltar'
 * (focused first) and 'Salvar registro', busy while the record is sent; it
 * cannot be closed while `busy`.
 */
export function DorConfirmDialog({
  opened,
  local,
  intensidade,
  busy,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  local: LocalDor | null;
  intensidade: IntensidadeDor | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <AppModal
      opened={opened}
      onClose={() => {
        if (!busy) onClose();
      }}
      title={DOR_MESSAGES.confirmTitle}
    >
      <Stack gap="md">
        {local && intensidade && (
          <dl className={classes.summary}>
            <dt>Local</dt>
            <dd>{LOCAL_DOR_LABELS[local]}</dd>
            <dt>Intensidade</dt>
            <dd>{INTENSIDADE_DOR_LABELS[intensidade]}</dd>
          </dl>
        )}
        <Text fw={600}>{DOR_MESSAGES.confirm}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy} data-autofocus>
            Voltar
          </Button>
          <Button onClick={onConfirm} loading={busy}>
            Salvar registro
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
