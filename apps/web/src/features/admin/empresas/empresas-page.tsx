import {
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { type CompanyCreate, CompanyCreateSchema, formatCnpj, formatInstantBR } from '@pulso/domain';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { pageTitles } from '../../../app/paths.ts';
import { useSnackbar } from '../../../app/snackbar/snackbar-context.tsx';
import { domainResolver } from '../../../ui/domain-resolver.ts';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { QueryError } from '../../../ui/query-error.tsx';
import { applyServerErrors } from '../../../ui/server-errors.ts';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { EmpresaPanel } from './empresa-panel.tsx';
import { useCreateEmpresa, useEmpresas } from './empresas-api.ts';

/** The create form as typed: the CNPJ with or without its mask. */
interface EmpresaFormValues {
  nome: string;
  cnpj: string;
}

function NovaEmpresaForm({ onCreated }: { onCreated: (id: number) => void }) {
  const snackbar = useSnackbar();
  const create = useCreateEmpresa();
  const form = useForm<EmpresaFormValues, unknown, CompanyCreate>({
    resolver: domainResolver(CompanyCreateSchema),
    defaultValues: { nome: '', cnpj: '' },
  });
  const submit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (answer) => {
        snackbar.success(answer.message);
        form.reset({ nome: '', cnpj: '' });
        onCreated(answer.empresa.id);
      },
      onError: (error) => {
        if (!applyServerErrors(error, form.setError, ['nome', 'cnpj'])) snackbar.error(error);
      },
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

  const rows = empresas.data?.empresas ?? [];
  return (
    <Stack gap="lg">
      <Title order={1}>{pageTitles.adminEmpresas}</Title>
      {selected !== null && <EmpresaPanel id={selected} onClose={() => select(null)} />}
      <NovaEmpresaForm onCreated={select} />
      <Title order={2} size="h3">
        Empresas cadastradas
      </Title>
      {empresas.isPending ? (
        <PageLoader />
      ) : empresas.isError ? (
        <QueryError
          title="Não foi possível carregar as empresas"
          message={empresas.error.message}
          onRetry={() => void empresas.refetch()}
          retrying={empresas.isFetching}
        />
      ) : rows.length === 0 ? (
        <Text>Nenhuma empresa cadastrada ainda.</Text>
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table striped verticalSpacing="xs" aria-label="Empresas cadastradas">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Empresa</Table.Th>
                <Table.Th scope="col">CNPJ</Table.Th>
                <Table.Th scope="col">Membros</Table.Th>
                <Table.Th scope="col">Convites disponíveis</Table.Th>
                <Table.Th scope="col">Situação</Table.Th>
                <Table.Th scope="col">Criada em</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>Ações</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Th scope="row">{e.nome}</Table.Th>
                  <Table.Td>{e.cnpj ? formatCnpj(e.cnpj) : '—'}</Table.Td>
                  <Table.Td>{e.membros}</Table.Td>
                  <Table.Td>{e.convites_disponiveis}</Table.Td>
                  <Table.Td>
                    <Badge color={e.active ? 'teal.9' : 'gray.7'} variant="filled">
                      {e.active ? 'Ativa' : 'Desativada'}
                    </Badge>
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
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
