import { Button, Group, List, Stack, Text } from '@mantine/core';
import { SETTINGS_MESSAGES } from '@pulso/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { paths } from '../../lib/paths.ts';
import { useSnackbar } from '../../lib/snackbar/snackbar-context.tsx';
import { clearToken } from '../../lib/token.ts';
import { AppModal } from '../../ui/app-modal.tsx';
import { PasswordField } from '../../ui/password-field.tsx';
import { useCloseAccount } from './api/close-account.ts';
import classes from './close-account-panel.module.css';

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
        Seus dados ficam guardados, não são apagados. Para apagá-los, use "Excluir minha conta e meus dados",
        na aba ao lado.
      </List.Item>
    </List>
  );
}

/**
 * 'Encerrar conta' (docs/auth-security.md "Closed accounts"): a confirm dialog that
 * asks for the password (docs/auth-security.md "Closed accounts"), then
 * `PUT /api/settings/account/closed`; the server revokes every session, so
 * the app forgets its token locally and goes to /login. A missing or wrong
 * password is said under the field, the dialog stays open with what was
 * typed; any other failure shows 'Erro ao encerrar sua conta!'.
 */
export function CloseAccountPanel() {
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const closeAccount = useCloseAccount();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();

  const close = () => {
    setConfirming(false);
    setPassword('');
    setPasswordError(null);
  };

  const confirm = () => {
    if (password === '') {
      setPasswordError(SETTINGS_MESSAGES.closePassword);
      return;
    }
    closeAccount.mutate(password, {
      onSuccess: async (answer) => {
        setConfirming(false);
        await navigate(paths.login, { replace: true });
        clearToken();
        queryClient.clear();
        snackbar.success(answer.message);
      },
      onError: (error) => {
        const fieldMessage = error instanceof ApiError ? error.errors.password?.[0] : undefined;
        if (fieldMessage) {
          setPasswordError(fieldMessage);
          return;
        }
        close();
        snackbar.error(SETTINGS_MESSAGES.closeFailed);
      },
    });
  };

  return (
    <Stack gap="md" align="flex-start">
      <Text size="sm">Se não quiser mais usar o Pulso, você pode encerrar a sua conta. Ao encerrar:</Text>
      <Consequences />
      <Button color="red.9" variant="outline" size="md" onClick={() => setConfirming(true)}>
        Encerrar conta
      </Button>
      <AppModal opened={confirming} onClose={close} title="Encerrar sua conta?">
        <form
          noValidate
          className={classes.form}
          onSubmit={(event) => {
            event.preventDefault();
            confirm();
          }}
        >
          <Consequences />
          <Text size="sm" fw={600}>
            Tem certeza de que deseja encerrar a sua conta? Para confirmar, digite sua senha.
          </Text>
          <PasswordField
            label="Senha"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setPasswordError(null);
            }}
            error={passwordError}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancelar
            </Button>
            <Button type="submit" color="red.9" loading={closeAccount.isPending}>
              Encerrar minha conta
            </Button>
          </Group>
        </form>
      </AppModal>
    </Stack>
  );
}
