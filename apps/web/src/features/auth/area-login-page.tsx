import { Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type Login, LoginSchema } from '@pulso/domain';
import type { QueryKey } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../app/api.ts';
import { useSnackbar } from '../../app/snackbar/snackbar-context.tsx';
import { domainResolver } from '../../ui/domain-resolver.ts';
import { PasswordField } from '../../ui/password-field.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { useAreaLogin } from './api/area-session.ts';
import { ForgotPasswordModal } from './forgot-password-modal.tsx';

interface LoginFormValues {
  email: string;
  password: string;
}

/** What an area's sign-in says and does. */
export interface AreaLoginPageProps {
  /** The page's `<h1>` and document title ('Área do médico'). */
  title: string;
  /** The line under the title. */
  intro: string;
  /** The form's accessible name ('Entrar como médico'). */
  formLabel: string;
  /** The area's query keys, forgotten on sign-in. */
  areaKey: QueryKey;
  /** The button's colour (the area's). */
  color: string;
  /** Below the form: where else to sign in, who creates these accounts. */
  footer: ReactNode;
}

/**
 * Sign-in of an area with its own gate (/medico, /admin): e-mail and
 * password checked by `POST /api/login` like a patient's, Enter submits, the
 * server's message goes to the snackbar. On success the area asks whether
 * the account belongs there and opens at the address asked for. 'Esqueci
 * minha senha' opens the patients' dialog (`POST /api/password/email`): these
 * accounts are user accounts.
 */
export function AreaLoginPage({ title, intro, formLabel, areaKey, color, footer }: AreaLoginPageProps) {
  useDocumentTitle(title);
  const snackbar = useSnackbar();
  const login = useAreaLogin(areaKey);
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
            <Title order={1}>{title}</Title>
            <Text>{intro}</Text>
          </Stack>
          <form noValidate onSubmit={onSubmit} aria-label={formLabel}>
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
              <Button type="submit" fullWidth size="md" color={color} loading={login.isPending}>
                Entrar
              </Button>
            </Stack>
          </form>
        </Stack>
      </Paper>
      {footer}
      <ForgotPasswordModal
        opened={forgotEmail !== null}
        initialEmail={forgotEmail ?? ''}
        onClose={() => setForgotEmail(null)}
      />
    </Stack>
  );
}
