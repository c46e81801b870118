import { Badge, Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import {
  type AtendimentoValor,
  AtendimentoValorSchema,
  CUPOM_SITUACAO_LABELS,
  type CupomAdminView,
  formatCentavos,
  formatDateBR,
  PERIODO_LABELS,
  PLANO_TIPOS,
  type PlanoAdminView,
  PRECO_MAXIMO,
} from '@pulso/domain';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { pageTitles } from '../../../lib/paths.ts';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context.tsx';
import { domainResolver } from '../../../ui/domain-resolver.ts';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { QueryError } from '../../../ui/query-error.tsx';
import { ReaisInput, reaisText } from '../../../ui/reais-input.tsx';
import { applyServerErrors } from '../../../ui/server-errors.ts';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { CupomFormModal } from './cupom-form-modal.tsx';
import { PlanoFormModal } from './plano-form-modal.tsx';
import {
  useAtendimentoValor,
  useCuponsAdmin,
  usePlanosAdmin,
  useSalvarAtendimentoValor,
} from './planos-api.ts';

/** An open dialog: a new record (`null`) or the one being edited. */
type Editing<T> = { item: T | null } | null;

function PlanosSection() {
  const planos = usePlanosAdmin();
  const [editing, setEditing] = useState<Editing<PlanoAdminView>>(null);
  const rows = planos.data?.planos ?? [];
  return (
    <Stack gap="sm" component="section" aria-labelledby="planos-titulo">
      <Group justify="space-between">
        <Title order={2} size="h3" id="planos-titulo">
          Planos
        </Title>
        <Button onClick={() => setEditing({ item: null })}>Novo plano</Button>
      </Group>
      {planos.isPending ? (
        <PageLoader />
      ) : planos.isError ? (
        <QueryError
          title="Não foi possível carregar os planos"
          message={planos.error.message}
          onRetry={() => void planos.refetch()}
          retrying={planos.isFetching}
        />
      ) : rows.length === 0 ? (
        <Text>Nenhum plano cadastrado.</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing="xs" aria-label="Planos">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Plano</Table.Th>
                <Table.Th scope="col">Preço</Table.Th>
                <Table.Th scope="col">Período</Table.Th>
                <Table.Th scope="col">Tipo</Table.Th>
                <Table.Th scope="col">Id no provedor</Table.Th>
                <Table.Th scope="col">Assinaturas ativas</Table.Th>
                <Table.Th scope="col">Situação</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>Ações</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Th scope="row">{p.nome}</Table.Th>
                  <Table.Td>{formatCentavos(p.preco)}</Table.Td>
                  <Table.Td>{PERIODO_LABELS[p.periodo]}</Table.Td>
                  <Table.Td>{PLANO_TIPOS[p.tipo as keyof typeof PLANO_TIPOS] ?? `Tipo ${p.tipo}`}</Table.Td>
                  <Table.Td>{p.stripe_plan ?? '—'}</Table.Td>
                  <Table.Td>{p.assinaturas_ativas}</Table.Td>
                  <Table.Td>
                    <Badge color={p.ativo ? 'teal.9' : 'gray.7'} variant="filled">
                      {p.ativo ? 'À venda' : 'Fora de venda'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="default"
                      aria-label={`Editar plano ${p.nome}`}
                      onClick={() => setEditing({ item: p })}
                    >
                      Editar
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <PlanoFormModal
        opened={editing !== null}
        plano={editing?.item ?? null}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}

function CuponsSection() {
  const cupons = useCuponsAdmin();
  const [editing, setEditing] = useState<Editing<CupomAdminView>>(null);
  const rows = cupons.data?.cupons ?? [];
  return (
    <Stack gap="sm" component="section" aria-labelledby="cupons-titulo">
      <Group justify="space-between">
        <Title order={2} size="h3" id="cupons-titulo">
          Cupons
        </Title>
        <Button onClick={() => setEditing({ item: null })}>Novo cupom</Button>
      </Group>
      <Text size="sm">Os cupons dão desconto no kit de adesivos QR Code.</Text>
      {cupons.isPending ? (
        <PageLoader />
      ) : cupons.isError ? (
        <QueryError
          title="Não foi possível carregar os cupons"
          message={cupons.error.message}
          onRetry={() => void cupons.refetch()}
          retrying={cupons.isFetching}
        />
      ) : rows.length === 0 ? (
        <Text>Nenhum cupom cadastrado.</Text>
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table striped verticalSpacing="xs" aria-label="Cupons">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Cupom</Table.Th>
                <Table.Th scope="col">Desconto</Table.Th>
                <Table.Th scope="col">Válido até</Table.Th>
                <Table.Th scope="col">Usos</Table.Th>
                <Table.Th scope="col">Situação</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>Ações</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Th scope="row">{c.nome}</Table.Th>
                  <Table.Td>{c.desconto}%</Table.Td>
                  <Table.Td>{c.valido_ate ? formatDateBR(c.valido_ate) : 'Sem prazo'}</Table.Td>
                  <Table.Td>
                    {c.usos}
                    {c.limite_usos === null ? ' (sem limite)' : ` de ${c.limite_usos}`}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={c.situacao === 'ativo' ? 'teal.9' : 'gray.7'} variant="filled">
                      {CUPOM_SITUACAO_LABELS[c.situacao]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="default"
                      aria-label={`Editar cupom ${c.nome}`}
                      onClick={() => setEditing({ item: c })}
                    >
                      Editar
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <CupomFormModal
        opened={editing !== null}
        cupom={editing?.item ?? null}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}

function AtendimentoValorForm({ valor }: { valor: number }) {
  const snackbar = useSnackbar();
  const salvar = useSalvarAtendimentoValor();
  const form = useForm<{ atendimento_valor: string }, unknown, AtendimentoValor>({
    resolver: domainResolver(AtendimentoValorSchema),
    defaultValues: { atendimento_valor: reaisText(valor) },
  });
  const submit = form.handleSubmit((body) =>
    salvar.mutate(body, {
      onSuccess: (answer) => {
        snackbar.success(answer.message);
        form.reset({ atendimento_valor: reaisText(answer.atendimento_valor) });
      },
      onError: (error) => {
        if (!applyServerErrors(error, form.setError, ['atendimento_valor'])) snackbar.error(error);
      },
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

function AtendimentoValorSection() {
  const valor = useAtendimentoValor();
  return (
    <Stack gap="sm" component="section" aria-labelledby="consulta-titulo">
      <Title order={2} size="h3" id="consulta-titulo">
        Consulta avulsa
      </Title>
      <Text size="sm">O preço de uma teleconsulta comprada sem plano. Vale para as próximas compras.</Text>
      {valor.isPending ? (
        <PageLoader />
      ) : valor.isError ? (
        <QueryError
          title="Não foi possível carregar o valor"
          message={valor.error.message}
          onRetry={() => void valor.refetch()}
          retrying={valor.isFetching}
        />
      ) : (
        <Paper withBorder p="md" radius="md">
          <AtendimentoValorForm key={valor.data.atendimento_valor} valor={valor.data.atendimento_valor} />
        </Paper>
      )}
    </Stack>
  );
}

/**
 * Plans, coupons and the single-consultation price (issue 9 "Content";
 * admins only): the plans with their prices and whether they are on sale,
 * the coupons with their uses, each edited in a dialog, and the price of a
 * single teleconsultation. Money is typed in reais and sent as centavos.
 */
export default function PlanosPage() {
  useDocumentTitle(pageTitles.adminPlanos);
  return (
    <Stack gap="xl">
      <Title order={1}>{pageTitles.adminPlanos}</Title>
      <PlanosSection />
      <CuponsSection />
      <AtendimentoValorSection />
    </Stack>
  );
}
