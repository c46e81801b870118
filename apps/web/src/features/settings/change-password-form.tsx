import { Button, Group, Stack, Text } from '@mantine/core';
import { type ChangePassword, ChangePasswordSchema, SETTINGS_MESSAGES } from '@pulso/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { type UserResponse, userQueryKey } from '../../lib/auth.tsx';
import { useSnackbar } from '../../lib/snackbar/snackbar-context.tsx';
import { domainResolver } from '../../ui/domain-resolver.ts';
import { PasswordField } from '../../ui/password-field.tsx';
import { withPasswordRule } from '../../ui/password-rule.ts';
import { PasswordStrengthMeter } from '../../ui/password-strength-meter.tsx';
import { applyServerErrors } from '../../ui/server-errors.ts';
import { useChangePassword } from './api/change-password.ts';

interface ChangePasswordValues {
  password_current: string;
  password: string;
  password_confirmation: string;
}

const EMPTY: ChangePasswordValues = { password_current: '', password: '', password_confirmation: '' };
const FIELDS = ['password_current', 'password', 'password_confirmation'] as const;

/**
 * The 'Alterar Senha' form (docs/accounts.md "Password change"): current password, new
 * password and confirmation with the documented messages, the new password by
 * the password rule with live feedback (docs/auth-security.md); a mismatch clears the
 * confirmation; the server's errors go under their fields and to the
 * snackbar. On success the other devices are signed out by the server.
 */
export function ChangePasswordForm() {
  const snackbar = useSnackbar();
  const changePassword = useChangePassword();
  // The signed-in user, as the shell already loaded it: the rule refuses their name and e-mail.
  const user = useQueryClient().getQueryData<UserResponse>(userQueryKey)?.user;
  const owner = { email: user?.email, name: user?.name };
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    setError,
    control,
    formState: { errors },
  } = useForm<ChangePasswordValues, unknown, ChangePassword>({
    resolver: withPasswordRule(domainResolver(ChangePasswordSchema), () => owner),
    defaultValues: EMPTY,
  });
  const password = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit(
    (values) =>
      changePassword.mutate(values, {
        onSuccess: (answer) => {
          reset(EMPTY);
          snackbar.success(answer.message);
        },
        onError: (error) => {
          applyServerErrors(error, setError, FIELDS);
          snackbar.error(error);
        },
      }),
    (invalid) => {
      if (invalid.password_confirmation?.message === SETTINGS_MESSAGES.passwordMismatch) {
        setValue('password_confirmation', '');
      }
    },
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Alterar senha">
      <Stack gap="md">
        <Text size="sm">
          A nova senha deve ter pelo menos 8 caracteres, ser difícil de adivinhar e não conter o seu nome nem
          o seu e-mail (uma frase com três ou quatro palavras serve). Ao alterá-la, os outros aparelhos
          conectados à sua conta serão desconectados; este continua conectado.
        </Text>
        <PasswordField
          {...register('password_current')}
          label="Senha atual"
          autoComplete="current-password"
          error={errors.password_current?.message}
          aria-invalid={errors.password_current ? true : undefined}
          withAsterisk
        />
        <PasswordField
          {...register('password')}
          label="Nova senha"
          autoComplete="new-password"
          error={errors.password?.message}
          aria-invalid={errors.password ? true : undefined}
          withAsterisk
        />
        <PasswordStrengthMeter password={password} owner={owner} />
        <PasswordField
          {...register('password_confirmation')}
          label="Confirme a nova senha"
          autoComplete="new-password"
          error={errors.password_confirmation?.message}
          aria-invalid={errors.password_confirmation ? true : undefined}
          withAsterisk
        />
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={changePassword.isPending}>
            Alterar senha
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
