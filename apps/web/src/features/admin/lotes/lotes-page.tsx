import { Button, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { formatInstantBR, LOTE_MAX, LOTE_MIN, LoteCreateSchema } from '@pulso/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { pageTitles } from '../../../lib/paths.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { DataTable } from '../../../ui/data-table.tsx';
import { domainResolver } from '../../../ui/domain-resolver.ts';
import { LoadMoreButton } from '../../../ui/load-more-button.tsx';
import { QueryView } from '../../../ui/query-view.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { useRequestFeedback } from '../shared/use-request-feedback.ts';
import { useCreateLote, useDownloadLotePdf, useLotes } from './lotes-api.ts';

const numero = (n: number) => n.toLocaleString('pt-BR');

/**
 * Sticker batches (issue 9 "Sticker batches"; admins only): a form that
 * generates N unclaimed codes (confirmed first: codes cannot be taken back),
 * and the batches, newest first, with claimed/total and the PDF sheet.
 */
export default function LotesPage() {
  useDocumentTitle(pageTitles.adminLotes);
  const feedback = useRequestFeedback();
  const lotes = useLotes();
  const create = useCreateLote();
  const download = useDownloadLotePdf();
  const [pending, setPending] = useState<number | null>(null);
  const form = useForm<{ quantidade: string }, unknown, { quantidade: number }>({
    resolver: domainResolver(LoteCreateSchema),
    defaultValues: { quantidade: '' },
  });

  const confirm = () => {
    if (pending === null) return;
    create.mutate(
      { quantidade: pending },
      {
        onSuccess: feedback.success(
          () => {
            setPending(null);
            form.reset({ quantidade: '' });
          },
          (answer) =>
            `${answer.message} Lote nº ${answer.lote.id} com ${numero(answer.lote.quantidade)} códigos.`,
        ),
        onError: feedback.fieldErrors(form.setError, ['quantidade'], () => setPending(null)),
      },
    );
  };

  return (
    <Stack gap="lg">
      <Title order={1}>{pageTitles.adminLotes}</Title>
      <Paper withBorder p="md" radius="md">
        <form
          aria-label="Novo lote"
          noValidate
          onSubmit={form.handleSubmit((values) => setPending(values.quantidade))}
        >
          <Stack gap="sm">
            <Title order={2} size="h4">
              Novo lote
            </Title>
            <Text size="sm">
              Gera códigos novos, sem dono, para imprimir em adesivos. Quem escanear um deles cria a conta com
              esse código.
            </Text>
            <Stack gap="sm" align="flex-start">
              <TextInput
                label="Quantidade de códigos"
                description={`De ${LOTE_MIN} a ${numero(LOTE_MAX)}`}
                inputMode="numeric"
                autoComplete="off"
                w={220}
                error={form.formState.errors.quantidade?.message}
                {...form.register('quantidade')}
              />
              <Button type="submit" loading={create.isPending}>
                Gerar lote
              </Button>
            </Stack>
          </Stack>
        </form>
      </Paper>

      <Title order={2} size="h3">
        Lotes gerados
      </Title>
      <QueryView query={lotes} errorTitle="Não foi possível carregar os lotes">
        {(data) => {
          const rows = data.pages.flatMap((p) => p.lotes);
          return rows.length === 0 ? (
            <Text>Nenhum lote gerado ainda.</Text>
          ) : (
            <>
              <DataTable
                label="Lotes gerados"
                minWidth={560}
                columns={['Lote', 'Criado em', 'Usados / total', 'Folha para impressão', 'Criado por']}
              >
                {rows.map((lote) => (
                  <Table.Tr key={lote.id}>
                    <Table.Th scope="row">nº {lote.id}</Table.Th>
                    <Table.Td>{formatInstantBR(lote.created_at)}</Table.Td>
                    <Table.Td>
                      {numero(lote.usados)} / {numero(lote.quantidade)}
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="compact-sm"
                        variant="default"
                        aria-label={`Baixar PDF do lote nº ${lote.id}`}
                        loading={download.isPending && download.variables === lote.id}
                        onClick={() => download.mutate(lote.id, { onError: feedback.failure() })}
                      >
                        Baixar PDF
                      </Button>
                    </Table.Td>
                    <Table.Td>{lote.criado_por ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </DataTable>
              <LoadMoreButton query={lotes} />
            </>
          );
        }}
      </QueryView>
      <ConfirmDialog
        opened={pending !== null}
        title="Gerar lote"
        confirmLabel="Gerar"
        tone="neutral"
        busy={create.isPending}
        onClose={() => setPending(null)}
        onConfirm={confirm}
      >
        {`Gerar ${numero(pending ?? 0)} ${pending === 1 ? 'código novo' : 'códigos novos'}? Os códigos gerados não podem ser apagados.`}
      </ConfirmDialog>
    </Stack>
  );
}
