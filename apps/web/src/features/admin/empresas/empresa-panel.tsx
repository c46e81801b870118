import { Button, CloseButton, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import {
  CONVITE_SITUACAO_LABELS,
  conviteSituacao,
  type EmpresaMembro,
  formatCnpj,
  formatInstantBR,
} from '@pulso/domain';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { DataTable } from '../../../ui/data-table.tsx';
import { QueryView } from '../../../ui/query-view.tsx';
import { StateBadge } from '../shared/state-badge.tsx';
import { useRequestFeedback } from '../shared/use-request-feedback.ts';
import { ConvitesForm } from './convites-form.tsx';
import { useDefinirEmpresaAtiva, useEmpresa, useEncerrarVinculo } from './empresas-api.ts';

/**
 * One company's panel (issue 9 "Companies"): its state, 'Gerar convites',
 * its invitations (available, used or expired; never their tokens) and its
 * members with 'Encerrar vínculo' (confirmed first), and deactivation.
 * Its heading takes the focus when the company opens.
 */
export function EmpresaPanel({ id, onClose }: { id: number; onClose: () => void }) {
  const feedback = useRequestFeedback();
  const detalhe = useEmpresa(id);
  const encerrar = useEncerrarVinculo(id);
  const ativar = useDefinirEmpresaAtiva(id);
  const [membro, setMembro] = useState<EmpresaMembro | null>(null);
  const [desativar, setDesativar] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focused = useRef<number | null>(null);
  const loaded = detalhe.data !== undefined;

  // Opening a company moves the focus to its panel, once its data is there.
  useEffect(() => {
    if (loaded && focused.current !== id) {
      focused.current = id;
      headingRef.current?.focus();
    }
  }, [id, loaded]);

  const confirmEncerrar = () => {
    if (!membro) return;
    encerrar.mutate(membro.id, {
      onSuccess: feedback.success(() => setMembro(null)),
      onError: feedback.failure(() => setMembro(null)),
    });
  };
  const now = new Date();
  const definirAtiva = (active: boolean) =>
    ativar.mutate(active, {
      onSuccess: feedback.success(() => setDesativar(false)),
      onError: feedback.failure(() => setDesativar(false)),
    });

  return (
    <QueryView query={detalhe} errorTitle="Não foi possível carregar a empresa">
      {({ empresa, convites, membros }) => (
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="empresa-titulo">
          <Stack gap="md">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={4}>
                <Title order={2} size="h3" id="empresa-titulo" ref={headingRef} tabIndex={-1}>
                  {empresa.nome}
                </Title>
                <Group gap="xs">
                  <StateBadge on={empresa.active} labels={['Ativa', 'Desativada']} />
                  <Text size="sm">{empresa.cnpj ? `CNPJ ${formatCnpj(empresa.cnpj)}` : 'Sem CNPJ'}</Text>
                </Group>
              </Stack>
              <CloseButton aria-label={`Fechar ${empresa.nome}`} onClick={onClose} />
            </Group>

            {empresa.active ? (
              <ConvitesForm id={id} disabled={!empresa.active} />
            ) : (
              <Text size="sm">Empresa desativada: reative-a para gerar convites.</Text>
            )}

            <Title order={3} size="h5">
              Membros ({membros.length})
            </Title>
            {membros.length === 0 ? (
              <Text size="sm">Ninguém se cadastrou por um convite desta empresa ainda.</Text>
            ) : (
              <DataTable
                label={`Membros de ${empresa.nome}`}
                minWidth={480}
                columns={['Nome', 'E-mail', 'Conta criada em']}
                actions
              >
                {membros.map((m) => (
                  <Table.Tr key={m.id}>
                    <Table.Th scope="row">{m.name}</Table.Th>
                    <Table.Td>{m.email}</Table.Td>
                    <Table.Td>{formatInstantBR(m.created_at)}</Table.Td>
                    <Table.Td>
                      <Button
                        size="compact-sm"
                        variant="outline"
                        color="red.9"
                        aria-label={`Encerrar vínculo de ${m.name}`}
                        onClick={() => setMembro(m)}
                      >
                        Encerrar vínculo
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </DataTable>
            )}

            <Title order={3} size="h5">
              Convites ({convites.length})
            </Title>
            {convites.length === 0 ? (
              <Text size="sm">Nenhum convite gerado ainda.</Text>
            ) : (
              <DataTable
                label={`Convites de ${empresa.nome}`}
                minWidth={560}
                columns={['Convite', 'Gerado em', 'Válido até', 'Situação', 'Usado por', 'Para']}
                focusable
              >
                {convites.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Th scope="row">nº {c.id}</Table.Th>
                    <Table.Td>{formatInstantBR(c.created_at)}</Table.Td>
                    <Table.Td>{c.expires_at ? formatInstantBR(c.expires_at) : 'Sem prazo'}</Table.Td>
                    <Table.Td>{CONVITE_SITUACAO_LABELS[conviteSituacao(c, now)]}</Table.Td>
                    <Table.Td>{c.used_by?.name ?? (c.used_at ? 'Conta encerrada' : '—')}</Table.Td>
                    <Table.Td>{c.email ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </DataTable>
            )}

            <Group>
              {empresa.active ? (
                <Button variant="outline" color="red.9" onClick={() => setDesativar(true)}>
                  Desativar empresa
                </Button>
              ) : (
                <Button variant="default" loading={ativar.isPending} onClick={() => definirAtiva(true)}>
                  Reativar empresa
                </Button>
              )}
            </Group>
          </Stack>

          <ConfirmDialog
            opened={membro !== null}
            title="Encerrar vínculo"
            confirmLabel="Encerrar vínculo"
            busy={encerrar.isPending}
            onClose={() => setMembro(null)}
            onConfirm={confirmEncerrar}
          >
            {`Encerrar o vínculo de ${membro?.name ?? ''} com ${empresa.nome}? A conta deixa de ser empresarial: se o período gratuito já terminou, a pessoa precisará de um plano para registrar novos dados.`}
          </ConfirmDialog>
          <ConfirmDialog
            opened={desativar}
            title="Desativar empresa"
            confirmLabel="Desativar"
            busy={ativar.isPending}
            onClose={() => setDesativar(false)}
            onConfirm={() => definirAtiva(false)}
          >
            {`Desativar ${empresa.nome}? Os convites deixam de valer e os ${membros.length} membros deixam de ter conta empresarial até a empresa ser reativada.`}
          </ConfirmDialog>
        </Paper>
      )}
    </QueryView>
  );
}
