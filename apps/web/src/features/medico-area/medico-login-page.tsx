import { Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type Login, LoginSchema } from '@pulso/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { ApiError } from '../../app/api.ts';
import { pageTitles, paths } from '../../app/paths.ts';
import { useSnackbar } from '../../app/snackbar/snackbar-context.tsx';
import { domainResolver } from '../../ui/domain-resolver.ts';
import { PasswordField } from '../../ui/password-field.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { ForgotPasswordModal } from '../auth/forgot-password-modal.tsx';
import { useMedicoLogin } from './api/medico-login.ts';

interface LoginFormValues {
  email: string;
  password: string;
}

/**
 * Sign-in of the doctor area (/medico without a token; spec 1 §2 'Médico'
 * tab): e-mail and password checked by `POST /api/login` like a patient's,
 * Enter submits, the server's message goes to the snackbar. On success the
 * area asks whether the account is a doctor's and opens at the address
 * asked for. 'Esqueci minha senha' opens the same dialog as the patient's
 * sign-in (`POST /api/password/email`): a doctor's account is a user account.
 */
export default function MedicoLoginPage() {
  useDocumentTitle(pageTitles.medico);
  const snackbar = useSnackbar();
  const login = useMedicoLogin();
  const [forgotEmail, setForgotEmail] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<LoginFormValues, unknown, Login>({
    resolver: domainResolver(LoginSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit((values) =>
    login.mutate(values, {
      onError: (error) => snackbar.error(error instanceof ApiError ? error.message : error),
    }),
  );

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={1}>{pageTitles.medico}</Title>
            <Text>Entre com o e-mail e a senha da sua conta de médico no Pulso.</Text>
          </Stack>
          <form noValidate onSubmit={onSubmit} aria-label="Entrar como médico">
            <Stack gap="md">
              <TextInput
                {...register('email')}
                label="E-mail"
                type="email"
                inputMode="email"
                autoComplete="email"
                error={errors.email?.message}
              />
              <PasswordField
                {...register('password')}
                label="Senha"
                autoComplete="current-password"
                error={errors.password?.message}
              />
              <Group justify="flex-end" mt={-4}>
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  fw={600}
                  onClick={() => setForgotEmail(getValues('email'))}
                >
                  Esqueci minha senha
                </Anchor>
              </Group>
              <Button type="submit" fullWidth size="md" color="teal.9" loading={login.isPending}>
                Entrar
              </Button>
            </Stack>
          </form>
        </Stack>
      </Paper>
      <Text ta="center">
        É paciente?{' '}
        <Anchor component={Link} to={paths.login} fw={600}>
          Entre na área do paciente
        </Anchor>
      </Text>
      <Text ta="center" size="sm" c="dimmed">
        As contas de médico são criadas pela equipe do Pulso.
      </Text>
      <ForgotPasswordModal
        opened={forgotEmail !== null}
        initialEmail={forgotEmail ?? ''}
        onClose={() => setForgotEmail(null)}
      />
    </Stack>
  );
}
