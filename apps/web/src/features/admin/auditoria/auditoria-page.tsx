import { Button, Code, Select, Stack, Table, Text, Title } from '@mantine/core';
import { formatInstantBR } from '@pulso/domain';
import { useState } from 'react';
import { pageTitles } from '../../../lib/paths.ts';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { QueryError } from '../../../ui/query-error.tsx';
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
  const registros = log.data?.pages.flatMap((p) => p.registros) ?? [];
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
      {log.isPending ? (
        <PageLoader />
      ) : log.isError ? (
        <QueryError
          title="Não foi possível carregar a auditoria"
          message={log.error.message}
          onRetry={() => void log.refetch()}
          retrying={log.isFetching}
        />
      ) : registros.length === 0 ? (
        <Text>Nenhuma ação registrada.</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={640}>
            <Table striped verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Quando</Table.Th>
                  <Table.Th scope="col">Quem</Table.Th>
                  <Table.Th scope="col">Ação</Table.Th>
                  <Table.Th scope="col">Registro</Table.Th>
                  <Table.Th scope="col">Mudança</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
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
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {log.hasNextPage && (
            <Button
              variant="outline"
              onClick={() => void log.fetchNextPage()}
              loading={log.isFetchingNextPage}
            >
              Carregar mais
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}
