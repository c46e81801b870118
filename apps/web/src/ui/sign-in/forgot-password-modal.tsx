import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { ForgotPasswordSchema } from '@pulso/domain';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useSnackbar } from '../../lib/snackbar/snackbar-context.tsx';
import { AppModal } from '../app-modal.tsx';
import { domainResolver } from '../domain-resolver.ts';
import { useForgotPassword } from './forgot-password.ts';

interface ForgotPasswordValues {
  email: string;
}

/**
 * 'Esqueci minha senha' dialog (docs/accounts.md "Forgotten password"): asks for the e-mail,
 * `POST /api/password/email`.
 */
export function ForgotPasswordModal({
  opened,
  initialEmail,
  onClose,
}: {
  opened: boolean;
  initialEmail: string;
  onClose: () => void;
}) {
  const snackbar = useSnackbar();
  const forgot = useForgotPassword();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ForgotPasswordValues, unknown, { email: string }>({
    resolver: domainResolver(ForgotPasswordSchema),
    defaultValues: { email: '' },
  });

  useEffect(() => {
    if (opened) reset({ email: initialEmail });
  }, [opened, initialEmail, reset]);

  const onSubmit = handleSubmit((values) =>
    forgot.mutate(values, {
      onSuccess: (answer) => {
        snackbar.success(answer.message);
        onClose();
      },
      onError: (error) => snackbar.error(error),
    }),
  );

  return (
    <AppModal opened={opened} onClose={onClose} title="Esqueci minha senha">
      <form
        noValidate
        onSubmit={(event) => {
          event.stopPropagation();
          void onSubmit(event);
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            Informe o e-mail da sua conta. Enviaremos um link para você criar uma nova senha.
          </Text>
          <TextInput
            {...register('email')}
            label="E-mail"
            type="email"
            inputMode="email"
            autoComplete="email"
            error={errors.email?.message}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={forgot.isPending}>
              Enviar
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
