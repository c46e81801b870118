import { Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { PasswordField } from '../../ui/password-field.tsx';
import { PasswordStrengthMeter } from '../../ui/password-strength-meter.tsx';
import type { RegisterStep2Output, RegisterStep2Values } from './register-form-types.ts';
import { TermsLabel } from './terms-label.tsx';

const TERMS_HINT_ID = 'register-terms-hint';

/**
 * Registration step 2 (docs/accounts.md "Registration"): e-mail, password,
 * confirmation, terms and newsletter. 'Criar conta' stays disabled until the
 * terms are accepted. The password's strength shows as it is typed, judged with
 * the e-mail and `name` (step 1) like the server judges it
 * (docs/auth-security.md).
 */
export function RegisterStep2({
  form,
  name,
  onBack,
  onSubmit,
  submitting,
}: {
  form: UseFormReturn<RegisterStep2Values, unknown, RegisterStep2Output>;
  name: string;
  onBack: () => void;
  onSubmit: (values: RegisterStep2Output) => void;
  submitting: boolean;
}) {
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = form;
  const termsAccepted = useWatch({ control, name: 'terms' });
  const [email, password] = useWatch({ control, name: ['email', 'password'] });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Acesso">
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
          description="No mínimo 8 caracteres. Uma frase com três ou quatro palavras é fácil de lembrar e difícil de adivinhar."
          autoComplete="new-password"
          error={errors.password?.message}
        />
        <PasswordStrengthMeter password={password} owner={{ email, name }} />
        <PasswordField
          {...register('password_confirmation')}
          label="Confirme a senha"
          autoComplete="new-password"
          error={errors.password_confirmation?.message}
        />
        <Controller
          control={control}
          name="terms"
          render={({ field }) => (
            <Checkbox
              ref={field.ref}
              name={field.name}
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              onBlur={field.onBlur}
              label={<TermsLabel />}
              error={errors.terms?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="newsletter"
          render={({ field }) => (
            <Checkbox
              ref={field.ref}
              name={field.name}
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              onBlur={field.onBlur}
              label="Quero receber novidades por e-mail"
            />
          )}
        />
        {!termsAccepted && (
          <Text id={TERMS_HINT_ID} size="sm" c="dimmed">
            Para criar a conta, aceite os Termos de uso e a Política de privacidade.
          </Text>
        )}
        <Group grow>
          <Button variant="default" size="md" onClick={onBack}>
            Voltar
          </Button>
          <Button
            type="submit"
            size="md"
            disabled={!termsAccepted}
            loading={submitting}
            aria-describedby={termsAccepted ? undefined : TERMS_HINT_ID}
          >
            Criar conta
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
