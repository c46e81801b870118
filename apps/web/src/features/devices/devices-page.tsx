import { Alert, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { DEVICE_MESSAGES, type DeviceView, formatInstantBR } from '@pulso/domain';
import { useId, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { pageTitles } from '../../lib/paths.ts';
import { PushSetupError, pushAvailability } from '../../lib/push.ts';
import { useSnackbar } from '../../lib/snackbar/snackbar-context.tsx';
import { AppModal } from '../../ui/app-modal.tsx';
import { Icon } from '../../ui/icon.tsx';
import { QueryError } from '../../ui/query-error.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { useEnablePush } from './api/enable-push.ts';
import { useDevices } from './api/get-devices.ts';
import { useRemoveDevice } from './api/remove-device.ts';
import { deviceName } from './device-name.ts';
import classes from './devices-page.module.css';

/**
 * /devices, 'Dispositivos' (docs/accounts.md "Devices"; issue 3 "Devices and push"):
 * turns on notifications in this browser and lists, with a readable browser and
 * system, the devices that receive them, each removable after a confirmation
 * ('Dispositivo removido').
 */
export default function DevicesPage() {
  useDocumentTitle(pageTitles.devices);
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={1}>{pageTitles.devices}</Title>
        <Text>
          Os dispositivos cadastrados recebem as notificações do Pulso, como as respostas dos médicos na
          telemedicina. Ative as notificações em cada celular ou computador em que você usa o Pulso e remova
          os que você não usa mais.
        </Text>
      </Stack>
      <EnablePushCard />
      <DeviceList />
    </Stack>
  );
}

function EnablePushCard() {
  const availability = pushAvailability();
  const enable = useEnablePush();
  const snackbar = useSnackbar();
  const hintId = useId();
  const blocked = availability !== 'available';
  const failure =
    enable.error instanceof PushSetupError || enable.error instanceof ApiError
      ? enable.error.message
      : enable.error
        ? DEVICE_MESSAGES.subscribeFailed
        : null;

  return (
    <section className={classes.enable} aria-labelledby={`${hintId}-title`}>
      <Title order={2} size="h4" id={`${hintId}-title`}>
        Este dispositivo
      </Title>
      <Button
        size="md"
        classNames={{ root: classes.enableButton, label: classes.enableLabel }}
        leftSection={<Icon name="device" size={18} aria-hidden />}
        disabled={blocked}
        loading={enable.isPending}
        aria-describedby={blocked ? hintId : undefined}
        onClick={() =>
          enable.mutate(undefined, { onSuccess: () => snackbar.success(DEVICE_MESSAGES.registered) })
        }
      >
        Ativar notificações neste dispositivo
      </Button>
      {blocked ? (
        <Text id={hintId} size="sm">
          {availability === 'denied' ? DEVICE_MESSAGES.denied : DEVICE_MESSAGES.unsupported}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          O navegador vai pedir sua permissão para mostrar notificações.
        </Text>
      )}
      {failure && (
        <Alert color="red" role="alert" title="Notificações não ativadas">
          <Text size="sm">{failure}</Text>
        </Alert>
      )}
    </section>
  );
}

function DeviceList() {
  const query = useDevices();
  const [confirming, setConfirming] = useState<DeviceView | null>(null);

  return (
    <Stack gap="sm" component="section" aria-labelledby="devices-list-title">
      <Title order={2} size="h4" id="devices-list-title">
        Dispositivos cadastrados
      </Title>
      {query.isPending ? (
        <Stack gap="sm" role="status" aria-label="Carregando dispositivos">
          <Skeleton height={72} />
          <Skeleton height={72} />
        </Stack>
      ) : query.isError ? (
        <QueryError
          title="Não foi possível carregar seus dispositivos"
          message={query.error.message}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.devices.length === 0 ? (
        <Text>Nenhum dispositivo cadastrado.</Text>
      ) : (
        <ul className={classes.list}>
          {query.data.devices.map((device) => {
            const name = deviceName(device.user_agent);
            return (
              <li key={device.id} className={classes.item}>
                <div className={classes.itemText}>
                  <Icon name="device" size={24} aria-hidden />
                  <div>
                    <p className={classes.name}>{name}</p>
                    <p className={classes.date}>Atualizado em {formatInstantBR(device.updated_at)}</p>
                  </div>
                </div>
                <Button
                  variant="outline"
                  color="red.9"
                  className={classes.removeButton}
                  aria-label={`Remover ${name}`}
                  onClick={() => setConfirming(device)}
                >
                  Remover
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmRemoval device={confirming} onClose={() => setConfirming(null)} />
    </Stack>
  );
}

function ConfirmRemoval({ device, onClose }: { device: DeviceView | null; onClose: () => void }) {
  const remove = useRemoveDevice();
  const snackbar = useSnackbar();
  const name = device ? deviceName(device.user_agent) : '';

  const confirm = () => {
    if (!device) return;
    remove.mutate(device.id, {
      onSuccess: () => {
        onClose();
        snackbar.success(DEVICE_MESSAGES.removed);
      },
      onError: (error) => {
        onClose();
        snackbar.error(error);
      },
    });
  };

  return (
    <AppModal opened={device !== null} onClose={onClose} title="Remover dispositivo">
      <Stack gap="md">
        <Text>
          Remover <strong>{name}</strong>? Ele deixará de receber as notificações do Pulso até que você as
          ative nele novamente.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button color="red.9" loading={remove.isPending} onClick={confirm}>
            Remover
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
