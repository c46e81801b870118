import { Button, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import {
  type AtendimentoView,
  RECUSA_COMENTARIO_MAX,
  RECUSA_MOTIVO_VALUES,
  RECUSA_MOTIVOS,
  RecusaSchema,
} from '@pulso/domain';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context.tsx';
import { AppModal } from '../../../ui/app-modal.tsx';
import { domainResolver } from '../../../ui/domain-resolver.ts';
import { applyServerErrors } from '../../../ui/server-errors.ts';
import { type RecusaBody, useRecusarSolicitacao } from '../api/answer-solicitacao.ts';

interface RecusaFormValues {
  recusado_motivo: string;
  recusado_comentario: string;
}

/**
 * 'Recusar' a request (docs/telemedicine.md "Decline reasons"): one of the
 * three reasons as radios (required: 'Escolha o motivo da recusa') and an
 * optional comment of up to {@link RECUSA_COMENTARIO_MAX} characters, both
 * shown to the patient. `PUT /api/telemedicina/atendimento/:id/recusar`; on
 * success the snackbar says 'Solicitação recusada' and the dialog closes.
 */
export function RecusaDialog({
  solicitacao,
  onClose,
}: {
  solicitacao: AtendimentoView | null;
  onClose: () => void;
}) {
  return (
    <AppModal opened={solicitacao !== null} onClose={onClose} title="Recusar solicitação">
      {solicitacao && <RecusaForm key={solicitacao.id} solicitacao={solicitacao} onClose={onClose} />}
    </AppModal>
  );
}

function RecusaForm({ solicitacao, onClose }: { solicitacao: AtendimentoView; onClose: () => void }) {
  const recusar = useRecusarSolicitacao();
  const snackbar = useSnackbar();
  const {
    control,
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<RecusaFormValues, unknown, RecusaBody>({
    resolver: domainResolver(RecusaSchema),
    defaultValues: { recusado_motivo: '', recusado_comentario: '' },
  });
  const comentario = useWatch({ control, name: 'recusado_comentario' });

  const submit = handleSubmit((body) =>
    recusar.mutate(
      { id: solicitacao.id, body },
      {
        onSuccess: ({ message }) => {
          snackbar.success(message);
          onClose();
        },
        onError: (error) => {
          if (!applyServerErrors(error, setError, ['recusado_motivo', 'recusado_comentario'])) {
            snackbar.error(error);
          }
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={submit} aria-label={`Recusar a solicitação de ${solicitacao.paciente.name}`}>
      <Stack gap="md">
        <Text>
          {solicitacao.paciente.name} verá o motivo escolhido e o seu comentário. Se o pedido foi pago com um
          passe ou um atendimento avulso, o paciente recebe o pagamento de volta.
        </Text>
        <Controller
          control={control}
          name="recusado_motivo"
          render={({ field }) => (
            <Radio.Group
              label="Motivo da recusa"
              withAsterisk
              value={field.value}
              name={field.name}
              onChange={(value) => {
                field.onChange(value);
                clearErrors('recusado_motivo');
              }}
              error={errors.recusado_motivo?.message}
            >
              <Stack gap="sm" mt="xs">
                {RECUSA_MOTIVO_VALUES.map((value, index) => (
                  <Radio
                    key={value}
                    value={String(value)}
                    label={RECUSA_MOTIVOS[value]}
                    ref={index === 0 ? field.ref : undefined}
                    onBlur={field.onBlur}
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
        />
        <Textarea
          {...register('recusado_comentario')}
          label="Comentário (opcional)"
          description={`${comentario.length}/${RECUSA_COMENTARIO_MAX} caracteres`}
          rows={4}
          maxLength={RECUSA_COMENTARIO_MAX}
          error={errors.recusado_comentario?.message}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={recusar.isPending}>
            Cancelar
          </Button>
          <Button type="submit" color="red.9" loading={recusar.isPending}>
            Recusar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
