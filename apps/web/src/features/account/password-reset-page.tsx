import { Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { ACCOUNT_MESSAGES, type PasswordResetFields, PasswordResetFieldsSchema } from '@pulso/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { pageTitles, paths } from '../../lib/paths.ts';
import { useSnackbar } from '../../lib/snackbar/snackbar-context.tsx';
import { clearToken } from '../../lib/token.ts';
import { domainResolver } from '../../ui/domain-resolver.ts';
import { PasswordField } from '../../ui/password-field.tsx';
import { withPasswordRule } from '../../ui/password-rule.ts';
import { PasswordStrengthMeter } from '../../ui/password-strength-meter.tsx';
import { applyServerErrors } from '../../ui/server-errors.ts';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { useResetPassword } from './api/reset-password.ts';

interface ResetFormValues {
  password: string;
  password_confirmation: string;
}

/**
 * /password/reset/:token?email= (docs/accounts.md "Forgotten password"): the e-mail
 * of the link (read-only), the new password and its confirmation, both required and
 * equal (a mismatch clears the confirmation), the new one by the password rule with
 * live feedback (docs/auth-security.md). Success signs every device out (server
 * side), shows the message and goes to /login.
 */
export default function PasswordResetPage() {
  useDocumentTitle(pageTitles.passwordReset);
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const email = search.get('email') ?? '';
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const resetPassword = useResetPassword();
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    control,
    formState: { errors },
  } = useForm<ResetFormValues, unknown, PasswordResetFields>({
    // The server also refuses the account's name, which this page does not know.
    resolver: withPasswordRule(domainResolver(PasswordResetFieldsSchema), () => ({ email })),
    defaultValues: { password: '', password_confirmation: '' },
  });
  const password = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit(
    (values) =>
      resetPassword.mutate(
        { token, email, ...values },
        {
          onSuccess: async (answer) => {
            // Every session of the account was revoked: a token kept here is dead.
            clearToken();
            queryClient.clear();
            snackbar.success(answer.message);
            await navigate(paths.login, { replace: true });
          },
          onError: (error) => {
            applyServerErrors(error, setError, ['password', 'password_confirmation']);
            snackbar.error(error);
          },
        },
      ),
    (invalid) => {
      if (invalid.password_confirmation?.message === ACCOUNT_MESSAGES.passwordMismatch) {
        setValue('password_confirmation', '');
      }
    },
  );

  return (
    <Paper withBorder radius="md" p="lg">
      <form noValidate onSubmit={onSubmit} aria-labelledby="reset-title">
        <Stack gap="md">
          <Title order={1} ta="center" id="reset-title">
            {pageTitles.passwordReset}
          </Title>
          <Text size="sm">
            Crie uma nova senha para a sua conta: pelo menos 8 caracteres, difícil de adivinhar e sem o seu
            nome ou e-mail. Uma frase com três ou quatro palavras serve.
          </Text>
          <TextInput
            label="E-mail"
            type="email"
            value={email}
            readOnly
            variant="filled"
            autoComplete="username"
          />
          <PasswordField
            {...register('password')}
            label="Nova senha"
            autoComplete="new-password"
            error={errors.password?.message}
          />
          <PasswordStrengthMeter password={password} owner={{ email }} />
          <PasswordField
            {...register('password_confirmation')}
            label="Confirme a nova senha"
            autoComplete="new-password"
            error={errors.password_confirmation?.message}
          />
          <Button type="submit" fullWidth size="md" loading={resetPassword.isPending}>
            Redefinir senha
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
