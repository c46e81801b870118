import { Paper, Stack, Text, Title } from '@mantine/core';
import type { QueryKey } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { useAreaLogin } from '../../lib/area-session.ts';
import { useSnackbar } from '../../lib/snackbar/snackbar-context.tsx';
import { useDocumentTitle } from '../use-document-title.ts';
import { ForgotPasswordModal } from './forgot-password-modal.tsx';
import { SignInForm } from './sign-in-form.tsx';

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

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={1}>{title}</Title>
            <Text>{intro}</Text>
          </Stack>
          <SignInForm
            formLabel={formLabel}
            color={color}
            pending={login.isPending}
            onForgotPassword={setForgotEmail}
            onSubmit={(values) =>
              login.mutate(values, {
                onError: (error) => snackbar.error(error instanceof ApiError ? error.message : error),
              })
            }
          />
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
