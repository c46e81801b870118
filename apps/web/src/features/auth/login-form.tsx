import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { type Login, LoginSchema } from '@pulso/domain';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../app/api.ts';
import { loginRedirectTarget } from '../../app/auth.tsx';
import { useSnackbar } from '../../app/snackbar/snackbar-context.tsx';
import { domainResolver } from '../../ui/domain-resolver.ts';
import { PasswordField } from '../../ui/password-field.tsx';
import { useLogin } from './api/login.ts';

interface LoginFormValues {
  email: string;
  password: string;
}

/**
 * Patient sign-in (docs/accounts.md "Sign-in"): e-mail and password, Enter
 * submits; on success goes to the page the guard stopped at, or `/`.
 */
export function LoginForm({ onForgotPassword }: { onForgotPassword: (email: string) => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const snackbar = useSnackbar();
  const login = useLogin();
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
      onSuccess: () => navigate(loginRedirectTarget(location.state), { replace: true }),
      // docs/accounts.md "Sign-in": the response message is shown in the snackbar.
      onError: (error) => snackbar.error(error instanceof ApiError ? error.message : error),
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Entrar como paciente">
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
            onClick={() => onForgotPassword(getValues('email'))}
          >
            Esqueci minha senha
          </Anchor>
        </Group>
        <Button type="submit" fullWidth size="md" loading={login.isPending}>
          Entrar
        </Button>
      </Stack>
    </form>
  );
}
