import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { type Login, LoginSchema } from '@pulso/domain';
import { useForm } from 'react-hook-form';
import { domainResolver } from '../domain-resolver.ts';
import { PasswordField } from '../password-field.tsx';

interface SignInFormValues {
  email: string;
  password: string;
}

/** What a sign-in form is called and does; the caller sends it and shows the answer. */
export interface SignInFormProps {
  /** The form's accessible name ('Entrar como paciente', 'Entrar como médico'). */
  formLabel: string;
  /** Called with the checked e-mail and password (`LoginSchema`): the caller's `POST /api/login`. */
  onSubmit: (values: Login) => void;
  /** 'Esqueci minha senha', with the e-mail typed so far. */
  onForgotPassword: (email: string) => void;
  /** The sign-in is under way: the button spins. */
  pending: boolean;
  /** The button's colour (an area's); the theme's primary colour when left out. */
  color?: string;
}

/**
 * The e-mail and password form of every sign-in (docs/accounts.md
 * "Sign-in"): the patients' and those of the areas with their own gate
 * (/medico, /admin). Enter submits; the fields are checked with
 * `LoginSchema` before `onSubmit` is called; the link under the password
 * asks for 'Esqueci minha senha'.
 */
export function SignInForm({ formLabel, onSubmit, onForgotPassword, pending, color }: SignInFormProps) {
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<SignInFormValues, unknown, Login>({
    resolver: domainResolver(LoginSchema),
    defaultValues: { email: '', password: '' },
  });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label={formLabel}>
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
        <Button type="submit" fullWidth size="md" color={color} loading={pending}>
          Entrar
        </Button>
      </Stack>
    </form>
  );
}
