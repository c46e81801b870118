import { Button, Group, Select, Stack, Textarea } from '@mantine/core';
import {
  type AdminDenuncia,
  DENUNCIA_NOTA_MAX,
  DENUNCIA_STATUS,
  DENUNCIA_STATUS_LABELS,
  type DenunciaStatus,
  type DenunciaUpdate,
  DenunciaUpdateSchema,
} from '@pulso/domain';
import { Controller, useForm } from 'react-hook-form';
import { domainResolver } from '../../../ui/domain-resolver.ts';
import { useRequestFeedback } from '../shared/use-request-feedback.ts';
import { useUpdateDenuncia } from './denuncias-api.ts';

/** The statuses a report can be given, in words. */
export const STATUS_OPTIONS = DENUNCIA_STATUS.map((s) => ({ value: s, label: DENUNCIA_STATUS_LABELS[s] }));

/** The status and note form of one report (issue 9 "Reports"): 'Salvar' sends both. */
export function DenunciaForm({ denuncia }: { denuncia: AdminDenuncia }) {
  const feedback = useRequestFeedback();
  const update = useUpdateDenuncia();
  const form = useForm<{ status: DenunciaStatus; nota: string }, unknown, DenunciaUpdate>({
    resolver: domainResolver(DenunciaUpdateSchema),
    defaultValues: { status: denuncia.status, nota: denuncia.nota ?? '' },
  });
  return (
    <form
      noValidate
      aria-label={`Atualizar denúncia nº ${denuncia.id}`}
      onSubmit={form.handleSubmit((body) =>
        update.mutate(
          { id: denuncia.id, body },
          {
            onSuccess: feedback.success(),
            onError: feedback.fieldErrors(form.setError, ['status', 'nota']),
          },
        ),
      )}
    >
      <Stack gap="xs">
        <Controller
          control={form.control}
          name="status"
          render={({ field }) => (
            <Select
              label="Situação"
              data={STATUS_OPTIONS}
              value={field.value}
              onChange={(v) => field.onChange(v ?? denuncia.status)}
              allowDeselect={false}
              error={form.formState.errors.status?.message}
              maw={240}
            />
          )}
        />
        <Textarea
          label="Nota da equipe"
          autosize
          minRows={2}
          maxLength={DENUNCIA_NOTA_MAX}
          error={form.formState.errors.nota?.message}
          {...form.register('nota')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
