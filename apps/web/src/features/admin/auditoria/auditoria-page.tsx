import { Code, Select, Stack, Table, Text, Title } from '@mantine/core';
import { formatInstantBR } from '@pulso/domain';
import { useState } from 'react';
import { pageTitles } from '../../../lib/paths.ts';
import { DataTable } from '../../../ui/data-table.tsx';
import { LoadMoreButton } from '../../../ui/load-more-button.tsx';
import { QueryView } from '../../../ui/query-view.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { type AuditRegistro, useAuditoria } from '../api/get-auditoria.ts';

/** The kinds of records admin actions change, as the filter offers them. */
const ENTIDADES = [
  { value: 'lote', label: 'Lotes de adesivos' },
  { value: 'pedido', label: 'Pedidos' },
  { value: 'medico', label: 'Médicos' },
  { value: 'denuncia', label: 'Denúncias' },
  { value: 'profissional', label: 'Profissionais de emergência' },
  { value: 'empresa', label: 'Empresas' },
  { value: 'conteudo', label: 'Conteúdo' },
];

/** The changed fields as `campo: antes → depois` lines. */
function mudanca(r: AuditRegistro): string {
  const antes = (r.antes ?? {}) as Record<string, unknown>;
  const depois = (r.depois ?? {}) as Record<string, unknown>;
  const campos = [...new Set([...Object.keys(antes), ...Object.keys(depois)])];
  const show = (v: unknown) =>
    v === undefined || v === null ? '—' : typeof v === 'string' ? v : JSON.stringify(v);
  return campos.map((c) => `${c}: ${show(antes[c])} → ${show(depois[c])}`).join('\n');
}

/**
 * The audit log (issue 9 "Access": every admin action — who, what, when,
 * before/after — readable in the area; admins only): newest first, filtered
 * by kind of record, 50 at a time with 'Carregar mais'.
 */
export default function AuditoriaPage() {
  useDocumentTitle(pageTitles.adminAuditoria);
  const [entidade, setEntidade] = useState<string | null>(null);
  const log = useAuditoria(entidade ? { entidade } : {});
  return (
    <Stack gap="lg">
      <Title order={1}>{pageTitles.adminAuditoria}</Title>
      <Select
        label="Tipo de registro"
        placeholder="Todos"
        data={ENTIDADES}
        value={entidade}
        onChange={setEntidade}
        clearable
        maw={320}
      />
      <QueryView query={log} errorTitle="Não foi possível carregar a auditoria">
        {(data) => {
          const registros = data.pages.flatMap((p) => p.registros);
          return registros.length === 0 ? (
            <Text>Nenhuma ação registrada.</Text>
          ) : (
            <>
              <DataTable minWidth={640} columns={['Quando', 'Quem', 'Ação', 'Registro', 'Mudança']}>
                {registros.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>{formatInstantBR(r.created_at)}</Table.Td>
                    <Table.Td>{r.actor_email}</Table.Td>
                    <Table.Td>{r.acao}</Table.Td>
                    <Table.Td>
                      {r.entidade}
                      {r.entidade_id ? ` nº ${r.entidade_id}` : ''}
                    </Table.Td>
                    <Table.Td>
                      <Code block>{mudanca(r)}</Code>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </DataTable>
              <LoadMoreButton query={log} />
            </>
          );
        }}
      </QueryView>
    </Stack>
  );
}
