import { Button, Paper, Stack, Text } from '@mantine/core';
import { type AtendimentoValor, AtendimentoValorSchema, formatCentavos, PRECO_MAXIMO } from '@pulso/domain';
import { Controller, useForm } from 'react-hook-form';
import { domainResolver } from '../../../ui/domain-resolver.ts';
import { QueryView } from '../../../ui/query-view.tsx';
import { ReaisInput, reaisText } from '../../../ui/reais-input.tsx';
import { useRequestFeedback } from '../shared/use-request-feedback.ts';
import { PageSection } from './page-section.tsx';
import { useAtendimentoValor, useSalvarAtendimentoValor } from './planos-api.ts';

function AtendimentoValorForm({ valor }: { valor: number }) {
  const feedback = useRequestFeedback();
  const salvar = useSalvarAtendimentoValor();
  const form = useForm<{ atendimento_valor: string }, unknown, AtendimentoValor>({
    resolver: domainResolver(AtendimentoValorSchema),
    defaultValues: { atendimento_valor: reaisText(valor) },
  });
  const submit = form.handleSubmit((body) =>
    salvar.mutate(body, {
      onSuccess: feedback.success((answer) =>
        form.reset({ atendimento_valor: reaisText(answer.atendimento_valor) }),
      ),
      onError: feedback.fieldErrors(form.setError, ['atendimento_valor']),
    }),
  );
  return (
    <form aria-label="Consulta avulsa" noValidate onSubmit={submit}>
      <Stack gap="sm" align="flex-start">
        <Controller
          control={form.control}
          name="atendimento_valor"
          render={({ field }) => (
            <ReaisInput
              max={PRECO_MAXIMO / 100}
              label="Valor da consulta avulsa"
              description={`Atual: ${formatCentavos(valor)}. Mínimo R$ 0,50.`}
              required
              maw={260}
              error={form.formState.errors.atendimento_valor?.message}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              name={field.name}
              inputRef={field.ref}
            />
          )}
        />
        <Button type="submit" loading={salvar.isPending}>
          Salvar valor
        </Button>
      </Stack>
    </form>
  );
}

/**
 * 'Consulta avulsa' (docs/payments-and-admin.md "Single consultation"): the
 * price of a teleconsultation bought without a plan, typed in reais and
 * saved in centavos; it applies to the next purchases.
 */
export function AtendimentoValorSection() {
  const valor = useAtendimentoValor();
  return (
    <PageSection titleId="consulta-titulo" title="Consulta avulsa">
      <Text size="sm">O preço de uma teleconsulta comprada sem plano. Vale para as próximas compras.</Text>
      <QueryView query={valor} errorTitle="Não foi possível carregar o valor">
        {({ atendimento_valor }) => (
          <Paper withBorder p="md" radius="md">
            <AtendimentoValorForm key={atendimento_valor} valor={atendimento_valor} />
          </Paper>
        )}
      </QueryView>
    </PageSection>
  );
}
