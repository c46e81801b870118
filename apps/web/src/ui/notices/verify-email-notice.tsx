import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useSnackbar } from '../../lib/snackbar/snackbar-context.tsx';
import { useResendVerification } from './resend-verification.ts';
import classes from './verify-email-notice.module.css';

/**
 * What /home shows instead of the emergency data while the e-mail is
 * unconfirmed (docs/accounts.md "E-mail verification"): a notice to check the
 * inbox and 'Reenviar e-mail' (`GET /api/email/resend`), whose answer goes to
 * the snackbar.
 */
export function VerifyEmailNotice({ email }: { email: string }) {
  const snackbar = useSnackbar();
  const resend = useResendVerification();
  return (
    <Paper withBorder radius="md" p="xl" className={classes.notice}>
      <Stack gap="md" align="center">
        <img src="/favicon.svg" alt="" width={48} height={48} />
        <Title order={1} ta="center">
          Confirme seu e-mail
        </Title>
        <Text ta="center">
          Enviamos um link de confirmação para <strong className={classes.email}>{email}</strong>. Abra a
          mensagem e toque em “Confirmar meu e-mail” para liberar seus dados de emergência.
        </Text>
        <Text ta="center" size="sm" c="dimmed">
          Não encontrou? Confira a caixa de spam ou peça um novo e-mail.
        </Text>
        <Button
          variant="light"
          loading={resend.isPending}
          onClick={() =>
            resend.mutate(undefined, {
              onSuccess: (answer) => snackbar.success(answer.message),
              onError: (error) => snackbar.error(error),
            })
          }
        >
          Reenviar e-mail
        </Button>
      </Stack>
    </Paper>
  );
}
