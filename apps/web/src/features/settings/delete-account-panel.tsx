import { Button, Group, List, Stack, Text, TextInput } from '@mantine/core';
import {
  DELETION_CONFIRMATION,
  DELETION_GRACE_DAYS,
  DeleteAccountSchema,
  firstFieldMessages,
  issuesToFieldErrors,
} from '@pulso/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { paths } from '../../lib/paths.ts';
import { useSnackbar } from '../../lib/snackbar/snackbar-context.tsx';
import { clearToken } from '../../lib/token.ts';
import { AppModal } from '../../ui/app-modal.tsx';
import { PasswordField } from '../../ui/password-field.tsx';
import { useDeleteAccount } from './api/delete-account.ts';
import classes from './close-account-panel.module.css';

/** What deleting does and what is kept (docs/account-deletion.md), shown on the tab and in the dialog. */
function Consequences() {
  return (
    <List spacing="xs" size="sm">
      <List.Item>
        Sua conta é desativada na hora: você sai do Pulso em todos os aparelhos e o seu código deixa de
        mostrar os seus dados.
      </List.Item>
      <List.Item>
        Depois de {DELETION_GRACE_DAYS} dias, apagamos os seus dados pessoais, de emergência e de saúde, a
        linha do tempo, os indicadores, as mensagens, os arquivos e as sessões. O seu código nunca será dado a
        outra pessoa.
      </List.Item>
      <List.Item>
        Mudou de ideia? Basta entrar de novo com o seu e-mail e a sua senha antes desse prazo: a exclusão é
        cancelada.
      </List.Item>
      <List.Item>
        Guardamos só o que a lei exige: o que os médicos escreveram nos seus atendimentos (prontuário, por 20
        anos) e o valor, a data e a referência dos pagamentos, sem ligação com você (5 anos).
      </List.Item>
    </List>
  );
}

/**
 * 'Excluir minha conta e meus dados' (docs/account-deletion.md "Asking"): a dialog that asks for the
 * password and the word EXCLUIR typed, then `POST /api/settings/excluir`; the server closes the account and
 * revokes every session, so the app forgets its token and goes to /login with the answer (the day of the
 * erasure). Field errors stay under their field with the dialog open; any other failure is said in the
 * snackbar.
 */
export function DeleteAccountPanel() {
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [confirmacao, setConfirmacao] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirmacao?: string }>({});
  const deleteAccount = useDeleteAccount();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();

  const close = () => {
    setConfirming(false);
    setPassword('');
    setConfirmacao('');
    setErrors({});
  };

  const confirm = () => {
    // The server's own rule (the domain's schema), checked here first: the same messages, no round trip.
    const parsed = DeleteAccountSchema.safeParse({ password, confirmacao });
    if (!parsed.success) {
      setErrors(firstFieldMessages(issuesToFieldErrors(parsed.error.issues)));
      return;
    }
    deleteAccount.mutate(
      { password, confirmacao },
      {
        onSuccess: async (answer) => {
          setConfirming(false);
          await navigate(paths.login, { replace: true });
          clearToken();
          queryClient.clear();
          snackbar.success(answer.message);
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? error.errors : {};
          if (fields.password?.[0] || fields.confirmacao?.[0]) {
            setErrors({ password: fields.password?.[0], confirmacao: fields.confirmacao?.[0] });
            return;
          }
          close();
          snackbar.error(error instanceof ApiError ? error.message : 'Erro ao excluir sua conta!');
        },
      },
    );
  };

  return (
    <Stack gap="md" align="flex-start">
      <Text size="sm">
        Você pode pedir a exclusão da sua conta e dos seus dados (art. 18 da LGPD). Ao pedir:
      </Text>
      <Consequences />
      <Button color="red.9" size="md" onClick={() => setConfirming(true)}>
        Excluir minha conta e meus dados
      </Button>
      <AppModal opened={confirming} onClose={close} title="Excluir sua conta e seus dados?">
        <form
          noValidate
          className={classes.form}
          onSubmit={(event) => {
            event.preventDefault();
            confirm();
          }}
        >
          <Consequences />
          <PasswordField
            label="Senha"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setErrors((current) => ({ ...current, password: undefined }));
            }}
            error={errors.password}
            data-autofocus
          />
          <TextInput
            label={`Para confirmar, digite ${DELETION_CONFIRMATION}`}
            required
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={confirmacao}
            onChange={(event) => {
              setConfirmacao(event.currentTarget.value);
              setErrors((current) => ({ ...current, confirmacao: undefined }));
            }}
            error={errors.confirmacao}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancelar
            </Button>
            <Button type="submit" color="red.9" loading={deleteAccount.isPending}>
              Excluir minha conta
            </Button>
          </Group>
        </form>
      </AppModal>
    </Stack>
  );
}
