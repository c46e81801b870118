import { Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { formatCrm } from '@pulso/domain';
import { useState } from 'react';
import { pageTitles } from '../../../lib/paths.ts';
import { AppModal } from '../../../ui/app-modal.tsx';
import { DataTable } from '../../../ui/data-table.tsx';
import { LabelledSegmentedControl } from '../../../ui/labelled-segmented-control.tsx';
import { LoadMoreButton } from '../../../ui/load-more-button.tsx';
import { QueryView } from '../../../ui/query-view.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { useAdminMe } from '../api/get-admin-me.ts';
import { MedicoEstado } from './medico-estado.tsx';
import { MedicoForm } from './medico-form.tsx';
import { MedicoModal } from './medico-modal.tsx';
import { type MedicosFilter, useAdminMedicos } from './medicos-api.ts';

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
        <LabelledSegmentedControl
          id="medicos-status"
          label="Situação"
          data={STATUS}
          value={filter.status}
          onChange={(v) => setFilter((f) => ({ ...f, status: v as MedicosFilter['status'] }))}
        />
        <LabelledSegmentedControl
          id="medicos-verificacao"
          label="Verificação do CRM"
          data={VERIFICACAO}
          value={filter.verificacao}
          onChange={(v) => setFilter((f) => ({ ...f, verificacao: v as MedicosFilter['verificacao'] }))}
        />
      </Group>
      <QueryView query={medicos} errorTitle="Não foi possível carregar os médicos">
        {(data) => {
          const rows = data.pages.flatMap((p) => p.medicos);
          return rows.length === 0 ? (
            <Text>Nenhum médico encontrado.</Text>
          ) : (
            <>
              <DataTable
                label="Médicos"
                minWidth={640}
                columns={['Nome', 'CRM', 'E-mail', 'Situação']}
                actions
              >
                {rows.map((m) => (
                  <Table.Tr key={m.id}>
                    <Table.Th scope="row">{m.name}</Table.Th>
                    <Table.Td>{m.crms.map(formatCrm).join(', ') || '—'}</Table.Td>
                    <Table.Td>{m.email}</Table.Td>
                    <Table.Td>
                      <MedicoEstado medico={m} />
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
              </DataTable>
              <LoadMoreButton query={medicos} />
            </>
          );
        }}
      </QueryView>
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
