import {
  Badge,
  Button,
  Group,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { type AdminMedicoDetail, type AdminMedicoItem, formatCrm, formatInstantBR } from '@pulso/domain';
import { type ReactNode, useState } from 'react';
import { pageTitles } from '../../../app/paths.ts';
import { useSnackbar } from '../../../app/snackbar/snackbar-context.tsx';
import { AppModal } from '../../../ui/app-modal.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { QueryError } from '../../../ui/query-error.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { useAdminMe } from '../api/get-admin-me.ts';
import { MedicoForm } from './medico-form.tsx';
import {
  type MedicoSwitch,
  type MedicosFilter,
  useAdminMedico,
  useAdminMedicos,
  useMedicoSwitch,
} from './medicos-api.ts';

const STATUS = [
  { value: 'todos', label: 'Todos' },
  { value: 'ativos', label: 'Ativos' },
  { value: 'suspensos', label: 'Suspensos' },
];
const VERIFICACAO = [
  { value: 'todos', label: 'Todos' },
  { value: 'verificados', label: 'Verificados' },
  { value: 'nao_verificados', label: 'Não verificados' },
];

/** The doctor's state as text badges (never by colour alone). */
function Estado({ medico }: { medico: AdminMedicoItem }) {
  return (
    <Group gap={4}>
      {medico.suspended_at ? (
        <Badge color="red.9" variant="filled">
          Suspenso
        </Badge>
      ) : (
        <Badge color="teal.9" variant="filled">
          Ativo
        </Badge>
      )}
      {medico.verified_at ? (
        <Badge color="blue.9" variant="filled">
          Verificado
        </Badge>
      ) : (
        <Badge color="gray.8" variant="outline">
          Não verificado
        </Badge>
      )}
      {medico.suporte && (
        <Badge color="violet.9" variant="filled">
          Suporte
        </Badge>
      )}
    </Group>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0}>
        {children}
      </Text>
    </div>
  );
}

/** What each action asks and says. */
function confirmation(m: AdminMedicoDetail, which: MedicoSwitch, ativo: boolean) {
  if (which === 'verificacao') {
    return ativo
      ? {
          title: 'Verificar CRM',
          text: `Confirme que você conferiu ${m.crms.map(formatCrm).join(', ') || 'o CRM'} no conselho regional. Os pacientes verão ${m.name} como 'Verificado'.`,
          label: 'Verificar',
          tone: 'neutral' as const,
        }
      : {
          title: 'Retirar verificação',
          text: `${m.name} deixará de aparecer como 'Verificado' para os pacientes.`,
          label: 'Retirar verificação',
          tone: 'danger' as const,
        };
  }
  if (which === 'suspensao') {
    return ativo
      ? {
          title: 'Suspender médico',
          text: `${m.name} deixará de aparecer nas buscas e não poderá entrar na área do médico até ser reativado.`,
          label: 'Suspender',
          tone: 'danger' as const,
        }
      : {
          title: 'Reativar médico',
          text: `${m.name} voltará a aparecer para os pacientes e poderá entrar na área do médico.`,
          label: 'Reativar',
          tone: 'neutral' as const,
        };
  }
  return ativo
    ? {
        title: 'Definir como suporte',
        text: `${m.name} passará a ser o médico de suporte, que atende pedidos sem plano, crédito ou passe. Só pode haver um.`,
        label: 'Definir como suporte',
        tone: 'neutral' as const,
      }
    : {
        title: 'Retirar suporte',
        text: `${m.name} deixará de ser o médico de suporte.`,
        label: 'Retirar suporte',
        tone: 'danger' as const,
      };
}

/** One doctor in a dialog: facts, the switches (admin), the edit form. */
function MedicoModal({ id, canEdit, onClose }: { id: number | null; canEdit: boolean; onClose: () => void }) {
  const snackbar = useSnackbar();
  const medico = useAdminMedico(id);
  const change = useMedicoSwitch(id ?? 0);
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState<{ which: MedicoSwitch; ativo: boolean } | null>(null);
  const m = medico.data;
  const close = () => {
    setEditing(false);
    onClose();
  };
  const ask = asking && m ? confirmation(m, asking.which, asking.ativo) : null;
  return (
    <>
      <AppModal opened={id !== null && !asking} onClose={close} title={m?.name ?? 'Médico'} size="lg">
        {medico.isPending ? (
          <PageLoader />
        ) : medico.isError ? (
          <QueryError
            title="Não foi possível carregar o médico"
            message={medico.error.message}
            onRetry={() => void medico.refetch()}
            retrying={medico.isFetching}
          />
        ) : m && editing ? (
          <MedicoForm medico={m} onDone={() => setEditing(false)} />
        ) : m ? (
          <Stack gap="md">
            <Estado medico={m} />
            <Stack component="dl" gap="xs" m={0}>
              <Fact label="E-mail da conta">{m.email}</Fact>
              <Fact label="CRMs">{m.crms.length ? m.crms.map(formatCrm).join(', ') : 'Nenhum'}</Fact>
              <Fact label="Especialidades">{m.especialidades.join(', ') || 'Nenhuma'}</Fact>
              <Fact label="Município">{m.cidade ?? 'Não informado'}</Fact>
              <Fact label="Clínicas">{m.clinicas.join(', ') || 'Nenhuma'}</Fact>
              <Fact label="Verificado em">
                {m.verified_at ? formatInstantBR(m.verified_at) : 'Não verificado'}
              </Fact>
              {m.suspended_at && <Fact label="Suspenso em">{formatInstantBR(m.suspended_at)}</Fact>}
              <Fact label="Cadastrado em">{formatInstantBR(m.created_at)}</Fact>
            </Stack>
            {canEdit && (
              <Group gap="sm">
                <Button variant="default" onClick={() => setEditing(true)}>
                  Editar dados
                </Button>
                <Button
                  variant="default"
                  onClick={() => setAsking({ which: 'verificacao', ativo: !m.verified_at })}
                >
                  {m.verified_at ? 'Retirar verificação' : 'Verificar CRM'}
                </Button>
                <Button
                  variant="default"
                  onClick={() => setAsking({ which: 'suspensao', ativo: !m.suspended_at })}
                >
                  {m.suspended_at ? 'Reativar' : 'Suspender'}
                </Button>
                <Button variant="default" onClick={() => setAsking({ which: 'suporte', ativo: !m.suporte })}>
                  {m.suporte ? 'Retirar suporte' : 'Definir como suporte'}
                </Button>
              </Group>
            )}
          </Stack>
        ) : null}
      </AppModal>
      <ConfirmDialog
        opened={ask !== null}
        title={ask?.title ?? ''}
        confirmLabel={ask?.label ?? ''}
        tone={ask?.tone}
        busy={change.isPending}
        onClose={() => setAsking(null)}
        onConfirm={() =>
          asking &&
          change.mutate(asking, {
            onSuccess: (answer) => {
              snackbar.success(answer.message);
              setAsking(null);
            },
            onError: (error) => {
              snackbar.error(error);
              setAsking(null);
            },
          })
        }
      >
        {ask?.text}
      </ConfirmDialog>
    </>
  );
}

/**
 * Doctors (issue 9 "Doctors"; admin and support read, admin changes):
 * search by name or CRM, filter by suspension and verification, a table 30
 * at a time; a row opens the doctor to edit, verify the CRM, suspend or
 * reactivate, or set the support flag, each asked again first; 'Novo
 * médico' creates an account.
 */
export default function MedicosPage() {
  useDocumentTitle(pageTitles.adminMedicos);
  const me = useAdminMe();
  const canEdit = me.data?.capabilities.includes('medicos.editar') ?? false;
  const [busca, setBusca] = useState('');
  const [filter, setFilter] = useState<MedicosFilter>({ q: '', status: 'todos', verificacao: 'todos' });
  const [aberto, setAberto] = useState<number | null>(null);
  const [criando, setCriando] = useState(false);
  const medicos = useAdminMedicos(filter);
  const rows = medicos.data?.pages.flatMap((p) => p.medicos) ?? [];
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{pageTitles.adminMedicos}</Title>
        {canEdit && <Button onClick={() => setCriando(true)}>Novo médico</Button>}
      </Group>
      <form
        aria-label="Buscar médicos"
        onSubmit={(event) => {
          event.preventDefault();
          setFilter((f) => ({ ...f, q: busca }));
        }}
      >
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Nome ou CRM"
            placeholder="Ex.: Ana Lima ou 123456/SP"
            value={busca}
            onChange={(event) => setBusca(event.currentTarget.value)}
            style={{ flex: '1 1 220px' }}
          />
          <Button type="submit" variant="default">
            Buscar
          </Button>
        </Group>
      </form>
      <Group gap="lg" align="flex-end">
        <div>
          <Text id="medicos-status" size="sm" fw={500} mb={4}>
            Situação
          </Text>
          <SegmentedControl
            aria-labelledby="medicos-status"
            data={STATUS}
            value={filter.status}
            onChange={(v) => setFilter((f) => ({ ...f, status: v as MedicosFilter['status'] }))}
          />
        </div>
        <div>
          <Text id="medicos-verificacao" size="sm" fw={500} mb={4}>
            Verificação do CRM
          </Text>
          <SegmentedControl
            aria-labelledby="medicos-verificacao"
            data={VERIFICACAO}
            value={filter.verificacao}
            onChange={(v) => setFilter((f) => ({ ...f, verificacao: v as MedicosFilter['verificacao'] }))}
          />
        </div>
      </Group>
      {medicos.isPending ? (
        <PageLoader />
      ) : medicos.isError ? (
        <QueryError
          title="Não foi possível carregar os médicos"
          message={medicos.error.message}
          onRetry={() => void medicos.refetch()}
          retrying={medicos.isFetching}
        />
      ) : rows.length === 0 ? (
        <Text>Nenhum médico encontrado.</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={640}>
            <Table striped verticalSpacing="xs" aria-label="Médicos">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Nome</Table.Th>
                  <Table.Th scope="col">CRM</Table.Th>
                  <Table.Th scope="col">E-mail</Table.Th>
                  <Table.Th scope="col">Situação</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>Ações</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((m) => (
                  <Table.Tr key={m.id}>
                    <Table.Th scope="row">{m.name}</Table.Th>
                    <Table.Td>{m.crms.map(formatCrm).join(', ') || '—'}</Table.Td>
                    <Table.Td>{m.email}</Table.Td>
                    <Table.Td>
                      <Estado medico={m} />
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="compact-sm"
                        variant="default"
                        aria-label={`Ver ${m.name}`}
                        onClick={() => setAberto(m.id)}
                      >
                        Ver
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {medicos.hasNextPage && (
            <Button
              variant="outline"
              onClick={() => void medicos.fetchNextPage()}
              loading={medicos.isFetchingNextPage}
            >
              Carregar mais
            </Button>
          )}
        </>
      )}
      <MedicoModal id={aberto} canEdit={canEdit} onClose={() => setAberto(null)} />
      <AppModal opened={criando} onClose={() => setCriando(false)} title="Novo médico" size="lg">
        <MedicoForm
          medico={null}
          onDone={(saved) => {
            setCriando(false);
            setAberto(saved.id);
          }}
        />
      </AppModal>
    </Stack>
  );
}
