import { Alert, Button, Checkbox, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  type AtendimentoView,
  MOTIVO_MAX,
  type PagamentoPrevisto,
  type SolicitarAtendimentoForm,
  SolicitarAtendimentoFormSchema,
} from '@pulso/domain';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../../lib/api.ts';
import { AppModal } from '../../../ui/app-modal.tsx';
import { domainResolver } from '../../../ui/domain-resolver.ts';
import { applyServerErrors } from '../../../ui/server-errors.ts';
import { useSolicitarAtendimento } from '../api/solicitar-atendimento.ts';
import { dropMotivoDraft, keepMotivoDraft, readMotivoDraft } from './motivo-draft.ts';
import { PagamentoNote, PaymentLinks } from './pagamento-note.tsx';

interface SolicitarValues {
  motivo: string;
  usarPass: boolean;
  pass: string;
}

const EMPTY: SolicitarValues = { motivo: '', usarPass: false, pass: '' };

/** A failure shown inside the dialog: the server's message, and for 402 the ways to pay. */
type Failure = { message: string; payment: boolean };

/**
 * The request-care dialog (docs/telemedicine.md "The reason and the pass
 * field"): the reason is required ('Informe o motivo da solicitação'); 'Tenho
 * um passe' shows the pass field, then required ('Informe o passe'). The
 * support pseudo-doctor needs only the message, so it offers no pass. Above the
 * reason, what the request will use or what is missing (`previsto`). Sends
 * `{motivo, pass}`; on success the caller shows the thank-you dialog. A 402
 * (nothing pays for the session) shows the server's message with links to the
 * single-session purchase and to /planos; field errors go under their fields;
 * other failures show their message. The reason is kept while the patient
 * leaves to pay, or closes the dialog, until it is sent (motivo-draft.ts).
 */
export function SolicitarDialog({
  opened,
  medicoId,
  suporte,
  previsto,
  onClose,
  onCreated,
}: {
  opened: boolean;
  medicoId: number;
  suporte: boolean;
  previsto: PagamentoPrevisto;
  onClose: () => void;
  onCreated: (atendimento: AtendimentoView) => void;
}) {
  const solicitar = useSolicitarAtendimento(medicoId);
  const [failure, setFailure] = useState<Failure | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    reset,
    setError,
    formState: { errors },
  } = useForm<SolicitarValues, unknown, SolicitarAtendimentoForm>({
    resolver: domainResolver(SolicitarAtendimentoFormSchema),
    defaultValues: EMPTY,
  });
  const usarPass = watch('usarPass');

  // Each opening starts from the reason kept for this doctor; what is typed is kept until sent.
  useEffect(() => {
    if (opened) reset({ ...EMPTY, motivo: readMotivoDraft(medicoId) });
  }, [opened, medicoId, reset]);

  const close = () => {
    if (solicitar.isPending) return;
    setFailure(null);
    onClose();
  };

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    solicitar.mutate(
      { motivo: values.motivo, pass: values.usarPass ? values.pass.trim() : null },
      {
        onSuccess: ({ atendimento }) => {
          dropMotivoDraft(medicoId);
          reset(EMPTY);
          onCreated(atendimento);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 402) {
            setFailure({ message: error.message, payment: true });
            return;
          }
          if (applyServerErrors(error, setError, ['motivo', 'pass'])) return;
          setFailure({ message: error.message, payment: false });
        },
      },
    );
  });

  return (
    <AppModal
      opened={opened}
      onClose={close}
      title={suporte ? 'Falar com o suporte' : 'Solicitar atendimento'}
    >
      <form noValidate onSubmit={onSubmit} aria-label="Solicitar atendimento">
        <Stack gap="md">
          <PagamentoNote previsto={previsto} />
          <Textarea
            {...register('motivo', { onChange: (event) => keepMotivoDraft(medicoId, event.target.value) })}
            label={suporte ? 'Como podemos ajudar?' : 'Motivo da solicitação'}
            description={
              suporte ? undefined : 'Conte ao médico o que você sente ou o que precisa, em poucas palavras.'
            }
            autosize
            minRows={3}
            maxRows={8}
            maxLength={MOTIVO_MAX}
            withAsterisk
            error={errors.motivo?.message}
            aria-invalid={errors.motivo ? true : undefined}
            data-autofocus
          />
          {!suporte && (
            <>
              <Checkbox
                {...register('usarPass')}
                label="Tenho um passe"
                description="Um código que o próprio médico lhe deu para este atendimento."
              />
              {usarPass && (
                <TextInput
                  {...register('pass')}
                  label="Passe"
                  placeholder="ABCD-EF23"
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  maxLength={20}
                  withAsterisk
                  error={errors.pass?.message}
                  aria-invalid={errors.pass ? true : undefined}
                />
              )}
            </>
          )}
          {failure && (
            <Alert color="red" variant="light" role="alert" title="Não foi possível enviar a solicitação">
              <Text size="sm" mb={failure.payment ? 'sm' : 0}>
                {failure.message}
              </Text>
              {failure.payment && <PaymentLinks />}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={solicitar.isPending}>
              Cancelar
            </Button>
            <Button type="submit" loading={solicitar.isPending}>
              Enviar solicitação
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
