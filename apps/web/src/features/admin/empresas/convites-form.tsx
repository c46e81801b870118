import { Button, Group, NumberInput, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import {
  CONVITE_DIAS_PADRAO,
  type ConvitesGerados,
  formatInstantBR,
  type InvitationsCreate,
  InvitationsCreateSchema,
  MAX_INVITATION_DAYS,
  MAX_INVITATIONS_PER_BATCH,
} from '@pulso/domain';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context.tsx';
import { domainResolver } from '../../../ui/domain-resolver.ts';
import { useRequestFeedback } from '../shared/use-request-feedback.ts';
import { useGerarConvites } from './empresas-api.ts';

/** The invitation form as typed (NumberInput answers '' when empty). */
interface ConvitesFormValues {
  count: number | string;
  expiresInDays: number | string;
  email: string;
}

/**
 * 'Gerar convites' of company `id` (issue 9 "Companies"): how many, for how
 * many days, optionally for whom; then the links to copy, shown once.
 */
export function ConvitesForm({ id, disabled }: { id: number; disabled: boolean }) {
  const snackbar = useSnackbar();
  const feedback = useRequestFeedback();
  const gerar = useGerarConvites(id);
  const [gerados, setGerados] = useState<ConvitesGerados | null>(null);
  const form = useForm<ConvitesFormValues, unknown, InvitationsCreate>({
    resolver: domainResolver(InvitationsCreateSchema),
    defaultValues: { count: 1, expiresInDays: CONVITE_DIAS_PADRAO, email: '' },
  });
  const submit = form.handleSubmit((values) =>
    gerar.mutate(values, {
      onSuccess: feedback.success((answer: ConvitesGerados) => setGerados(answer)),
      onError: feedback.fieldErrors(form.setError, ['count', 'expiresInDays', 'email']),
    }),
  );
  const copy = async () => {
    if (!gerados) return;
    try {
      await navigator.clipboard.writeText(gerados.links.join('\n'));
      snackbar.success(gerados.links.length === 1 ? 'Link copiado.' : 'Links copiados.');
    } catch {
      snackbar.show('Não foi possível copiar. Selecione os links e copie manualmente.');
    }
  };
  return (
    <Stack gap="sm">
      <form aria-label="Gerar convites" noValidate onSubmit={submit}>
        <Stack gap="sm">
          <Title order={3} size="h5">
            Gerar convites
          </Title>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <Controller
              control={form.control}
              name="count"
              render={({ field }) => (
                <NumberInput
                  label="Quantos convites"
                  description={`De 1 a ${MAX_INVITATIONS_PER_BATCH}`}
                  min={1}
                  max={MAX_INVITATIONS_PER_BATCH}
                  allowDecimal={false}
                  allowNegative={false}
                  maw={180}
                  error={form.formState.errors.count?.message}
                  {...field}
                />
              )}
            />
            <Controller
              control={form.control}
              name="expiresInDays"
              render={({ field }) => (
                <NumberInput
                  label="Validade em dias"
                  description={`De 1 a ${MAX_INVITATION_DAYS}`}
                  min={1}
                  max={MAX_INVITATION_DAYS}
                  allowDecimal={false}
                  allowNegative={false}
                  maw={180}
                  error={form.formState.errors.expiresInDays?.message}
                  {...field}
                />
              )}
            />
            <TextInput
              label="E-mail do destinatário (opcional)"
              type="email"
              autoComplete="off"
              style={{ flex: '1 1 14rem' }}
              error={form.formState.errors.email?.message}
              {...form.register('email')}
            />
          </Group>
          <Group>
            <Button type="submit" loading={gerar.isPending} disabled={disabled}>
              Gerar convites
            </Button>
          </Group>
        </Stack>
      </form>
      {gerados && (
        <Paper withBorder p="sm" radius="md" bg="green.0">
          <Stack gap="xs">
            <Text fw={600}>
              {gerados.links.length === 1 ? '1 link de convite' : `${gerados.links.length} links de convite`}
              {gerados.expires_at ? `, válidos até ${formatInstantBR(gerados.expires_at)}` : ''}. Cada link
              vale para uma pessoa. Copie agora: eles não serão mostrados de novo.
            </Text>
            <Textarea
              label="Links de convite"
              readOnly
              autosize
              minRows={Math.min(gerados.links.length, 6)}
              maxRows={10}
              value={gerados.links.join('\n')}
              onFocus={(event) => event.currentTarget.select()}
            />
            <Group>
              <Button variant="default" onClick={() => void copy()}>
                Copiar links
              </Button>
              <Button variant="subtle" onClick={() => setGerados(null)}>
                Ocultar links
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
