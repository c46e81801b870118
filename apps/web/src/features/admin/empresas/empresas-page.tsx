import { Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { type CompanyCreate, CompanyCreateSchema, formatCnpj, formatInstantBR } from '@pulso/domain';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { pageTitles } from '../../../lib/paths.ts';
import { DataTable } from '../../../ui/data-table.tsx';
import { domainResolver } from '../../../ui/domain-resolver.ts';
import { QueryView } from '../../../ui/query-view.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { StateBadge } from '../shared/state-badge.tsx';
import { useRequestFeedback } from '../shared/use-request-feedback.ts';
import { EmpresaPanel } from './empresa-panel.tsx';
import { useCreateEmpresa, useEmpresas } from './empresas-api.ts';

/** The create form as typed: the CNPJ with or without its mask. */
interface EmpresaFormValues {
  nome: string;
  cnpj: string;
}

function NovaEmpresaForm({ onCreated }: { onCreated: (id: number) => void }) {
  const feedback = useRequestFeedback();
  const create = useCreateEmpresa();
  const form = useForm<EmpresaFormValues, unknown, CompanyCreate>({
    resolver: domainResolver(CompanyCreateSchema),
    defaultValues: { nome: '', cnpj: '' },
  });
  const submit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: feedback.success((answer) => {
        form.reset({ nome: '', cnpj: '' });
        onCreated(answer.empresa.id);
      }),
      onError: feedback.fieldErrors(form.setError, ['nome', 'cnpj']),
    }),
  );
  return (
    <Paper withBorder p="md" radius="md">
      <form aria-label="Nova empresa" noValidate onSubmit={submit}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            Nova empresa
          </Title>
          <Text size="sm">
            Quem se cadastra por um convite da empresa tem conta empresarial: sem o bloqueio do período
            gratuito enquanto durar o vínculo.
          </Text>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label="Nome da empresa"
              autoComplete="organization"
              required
              style={{ flex: '1 1 16rem' }}
              error={form.formState.errors.nome?.message}
              {...form.register('nome')}
            />
            <TextInput
              label="CNPJ (opcional)"
              placeholder="00.000.000/0000-00"
              autoComplete="off"
              style={{ flex: '1 1 12rem' }}
              error={form.formState.errors.cnpj?.message}
              {...form.register('cnpj')}
            />
          </Group>
          <Group>
            <Button type="submit" loading={create.isPending}>
              Criar empresa
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/**
 * Companies (issue 9 "Companies"; admins only): the companies with their
 * members and available invitations, a form to create one, and the chosen
 * company's panel (`?empresa={id}`): invitation links, invitations, members.
 */
export default function EmpresasPage() {
  useDocumentTitle(pageTitles.adminEmpresas);
  const empresas = useEmpresas();
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get('empresa')) || null;
  const select = (id: number | null) =>
    setParams(id === null ? {} : { empresa: String(id) }, { replace: false });

  return (
    <Stack gap="lg">
      <Title order={1}>{pageTitles.adminEmpresas}</Title>
      {selected !== null && <EmpresaPanel id={selected} onClose={() => select(null)} />}
      <NovaEmpresaForm onCreated={select} />
      <Title order={2} size="h3">
        Empresas cadastradas
      </Title>
      <QueryView query={empresas} errorTitle="Não foi possível carregar as empresas">
        {({ empresas: rows }) =>
          rows.length === 0 ? (
            <Text>Nenhuma empresa cadastrada ainda.</Text>
          ) : (
            <DataTable
              label="Empresas cadastradas"
              minWidth={600}
              columns={['Empresa', 'CNPJ', 'Membros', 'Convites disponíveis', 'Situação', 'Criada em']}
              actions
            >
              {rows.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Th scope="row">{e.nome}</Table.Th>
                  <Table.Td>{e.cnpj ? formatCnpj(e.cnpj) : '—'}</Table.Td>
                  <Table.Td>{e.membros}</Table.Td>
                  <Table.Td>{e.convites_disponiveis}</Table.Td>
                  <Table.Td>
                    <StateBadge on={e.active} labels={['Ativa', 'Desativada']} />
                  </Table.Td>
                  <Table.Td>{formatInstantBR(e.created_at)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="default"
                      aria-label={`Abrir ${e.nome}`}
                      aria-pressed={selected === e.id}
                      onClick={() => select(e.id)}
                    >
                      Abrir
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </DataTable>
          )
        }
      </QueryView>
    </Stack>
  );
}
