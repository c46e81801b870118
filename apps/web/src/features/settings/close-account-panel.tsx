import { Button, Group, List, Stack, Text } from '@mantine/core';
import { SETTINGS_MESSAGES } from '@pulso/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { useSnackbar } from '../../app/snackbar/snackbar-context.tsx';
import { clearToken } from '../../app/token.ts';
import { AppModal } from '../../ui/app-modal.tsx';
import { useCloseAccount } from './api/close-account.ts';

/** What closing does, in plain words: shown on the tab and again in the confirm dialog. */
function Consequences() {
  return (
    <List spacing="xs" size="sm">
      <List.Item>
        Você sairá do Pulso em todos os aparelhos e não conseguirá mais entrar com esta conta.
      </List.Item>
      <List.Item>
        A página do seu código e do seu QR code deixará de funcionar: quem escanear o adesivo não verá mais os
        seus dados de emergência.
      </List.Item>
      <List.Item>
        Seus dados ficam guardados, não são apagados. A exclusão virá junto com a exportação dos dados; até
        lá, peça pelo e-mail privacidade@pulso.app.br.
      </List.Item>
    </List>
  );
}

/**
 * 'Encerrar conta' (spec 2 §4 "Account closing", §8): a confirm dialog, then
 * `PUT /api/settings/account/closed`; the server revokes every session, so
 * the app forgets its token locally and goes to /login. A failure shows
 * 'Erro ao encerrar sua conta!'.
 */
export function CloseAccountPanel() {
  const [confirming, setConfirming] = useState(false);
  const closeAccount = useCloseAccount();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();

  const confirm = () =>
    closeAccount.mutate(undefined, {
      onSuccess: async (answer) => {
        setConfirming(false);
        await navigate(paths.login, { replace: true });
        clearToken();
        queryClient.clear();
        snackbar.success(answer.message);
      },
      onError: () => {
        setConfirming(false);
        snackbar.error(SETTINGS_MESSAGES.closeFailed);
      },
    });

  return (
    <Stack gap="md" align="flex-start">
      <Text size="sm">Se não quiser mais usar o Pulso, você pode encerrar a sua conta. Ao encerrar:</Text>
      <Consequences />
      <Button color="red.9" variant="outline" size="md" onClick={() => setConfirming(true)}>
        Encerrar conta
      </Button>
      <AppModal opened={confirming} onClose={() => setConfirming(false)} title="Encerrar sua conta?">
        <Stack gap="md">
          <Consequences />
          <Text size="sm" fw={600}>
            Tem certeza de que deseja encerrar a sua conta?
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
              Cancelar
            </Button>
            <Button color="red.9" onClick={confirm} loading={closeAccount.isPending}>
              Encerrar minha conta
            </Button>
          </Group>
        </Stack>
      </AppModal>
    </Stack>
  );
}
