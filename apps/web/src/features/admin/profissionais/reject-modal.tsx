import { Textarea } from '@mantine/core';
import {
  type AdminProfissional,
  PROFISSIONAL_MOTIVO_MAX,
  type ProfissionalReview,
  ProfissionalReviewSchema,
} from '@pulso/domain';
import { useForm } from 'react-hook-form';
import { domainResolver } from '../../../ui/domain-resolver.ts';
import { FormModal, useFormResetOnOpen } from '../../../ui/form-modal.tsx';
import { useRequestFeedback } from '../shared/use-request-feedback.ts';
import { useReviewProfissional } from './profissionais-api.ts';

type RejectValues = { status: 'rejeitado'; motivo: string };

/**
 * 'Recusar cadastro' of credential `p` in a dialog (closed while `opened` is
 * false; issue 9 "Emergency professionals"): the reason, which the
 * professional will read, is required.
 */
export function RejectModal({
  p,
  opened,
  onClose,
}: {
  p: AdminProfissional;
  opened: boolean;
  onClose: () => void;
}) {
  const feedback = useRequestFeedback();
  const review = useReviewProfissional();
  const initial: RejectValues = { status: 'rejeitado', motivo: p.motivo_rejeicao ?? '' };
  const form = useForm<RejectValues, unknown, ProfissionalReview>({
    resolver: domainResolver(ProfissionalReviewSchema),
    defaultValues: initial,
  });
  useFormResetOnOpen(opened, form.reset, initial);
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={`Recusar cadastro de ${p.user.name}`}
      label={`Recusar cadastro de ${p.user.name}`}
      size="md"
      gap="sm"
      submitLabel="Recusar cadastro"
      submitColor="red.9"
      lockCancel
      busy={review.isPending}
      onSubmit={form.handleSubmit((body) =>
        review.mutate(
          { id: p.id, body },
          {
            onSuccess: feedback.success(onClose),
            onError: feedback.fieldErrors(form.setError, ['motivo']),
          },
        ),
      )}
    >
      <Textarea
        label="Motivo da recusa"
        description="O profissional poderá ler este motivo."
        required
        autosize
        minRows={2}
        maxLength={PROFISSIONAL_MOTIVO_MAX}
        data-autofocus
        error={form.formState.errors.motivo?.message}
        {...form.register('motivo')}
      />
    </FormModal>
  );
}
