import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { DenunciaSchema, MOTIVO_MAX } from '@pulso/domain';
import { useForm } from 'react-hook-form';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context.tsx';
import { AppModal } from '../../../ui/app-modal.tsx';
import { domainResolver } from '../../../ui/domain-resolver.ts';
import { applyServerErrors } from '../../../ui/server-errors.ts';
import { useDenunciarMedico } from '../api/denunciar-medico.ts';

interface DenunciaValues {
  motivo: string;
}

/**
 * 'Denunciar perfil' (docs/telemedicine.md "Reporting a doctor"): the reason
 * is required ('Informe o motivo da denúncia'); on success the dialog closes
 * and the snackbar says 'Sua denúncia foi realizada com sucesso e iremos
 * avaliar.'.
 */
export function DenunciaDialog({
  opened,
  medicoId,
  medicoName,
  onClose,
}: {
  opened: boolean;
  medicoId: number;
  medicoName: string;
  onClose: () => void;
}) {
  const snackbar = useSnackbar();
  const denunciar = useDenunciarMedico(medicoId);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<DenunciaValues, unknown, { motivo: string }>({
    resolver: domainResolver(DenunciaSchema),
    defaultValues: { motivo: '' },
  });

  const close = () => {
    if (denunciar.isPending) return;
    reset({ motivo: '' });
    onClose();
  };

  const onSubmit = handleSubmit((values) =>
    denunciar.mutate(values, {
      onSuccess: (answer) => {
        reset({ motivo: '' });
        onClose();
        snackbar.success(answer.message);
      },
      onError: (error) => {
        if (!applyServerErrors(error, setError, ['motivo'])) snackbar.error(error);
      },
    }),
  );

  return (
    <AppModal opened={opened} onClose={close} title="Denunciar perfil">
      <form noValidate onSubmit={onSubmit} aria-label="Denunciar perfil">
        <Stack gap="md">
          <Text size="sm">
            Conte o que há de errado com o perfil de {medicoName}. Nossa equipe vai avaliar a denúncia; o
            médico não saberá quem a fez.
          </Text>
          <Textarea
            {...register('motivo')}
            label="Motivo da denúncia"
            autosize
            minRows={3}
            maxRows={8}
            maxLength={MOTIVO_MAX}
            withAsterisk
            error={errors.motivo?.message}
            aria-invalid={errors.motivo ? true : undefined}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={denunciar.isPending}>
              Cancelar
            </Button>
            <Button type="submit" color="red.9" loading={denunciar.isPending}>
              Enviar denúncia
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
