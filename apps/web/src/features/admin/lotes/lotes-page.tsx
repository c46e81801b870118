import { Button, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { formatInstantBR, LOTE_MAX, LOTE_MIN, LoteCreateSchema } from '@pulso/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { pageTitles } from '../../../lib/paths.ts';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { domainResolver } from '../../../ui/domain-resolver.ts';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { QueryError } from '../../../ui/query-error.tsx';
import { applyServerErrors } from '../../../ui/server-errors.ts';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { useCreateLote, useDownloadLotePdf, useLotes } from './lotes-api.ts';

const numero = (n: number) => n.toLocaleString('pt-BR');

/**
 * Sticker batches (issue 9 "Sticker batches"; admins only): a form that
 * generates N unclaimed codes (confirmed first: codes cannot be taken back),
 * and the batches, newest first, with claimed/total and the PDF sheet.
 */
export default function LotesPage() {
  useDocumentTitle(pageTitles.adminLotes);
  const snackbar = useSnackbar();
  const lotes = useLotes();
  const create = useCreateLote();
  const download = useDownloadLotePdf();
  const [pending, setPending] = useState<number | null>(null);
  const form = useForm<{ quantidade: string }, unknown, { quantidade: number }>({
    resolver: domainResolver(LoteCreateSchema),
    defaultValues: { quantidade: '' },
  });
  const rows = lotes.data?.pages.flatMap((p) => p.lotes) ?? [];

  const confirm = () => {
    if (pending === null) return;
    create.mutate(
      { quantidade: pending },
      {
        onSuccess: (answer) => {
          snackbar.success(
            `${answer.message} Lote nº ${answer.lote.id} com ${numero(answer.lote.quantidade)} códigos.`,
          );
          setPending(null);
          form.reset({ quantidade: '' });
        },
        onError: (error) => {
          setPending(null);
          if (!applyServerErrors(error, form.setError, ['quantidade'])) snackbar.error(error);
        },
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
      {lotes.isPending ? (
        <PageLoader />
      ) : lotes.isError ? (
        <QueryError
          title="Não foi possível carregar os lotes"
          message={lotes.error.message}
          onRetry={() => void lotes.refetch()}
          retrying={lotes.isFetching}
        />
      ) : rows.length === 0 ? (
        <Text>Nenhum lote gerado ainda.</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={560}>
            <Table striped verticalSpacing="xs" aria-label="Lotes gerados">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Lote</Table.Th>
                  <Table.Th scope="col">Criado em</Table.Th>
                  <Table.Th scope="col">Usados / total</Table.Th>
                  <Table.Th scope="col">Folha para impressão</Table.Th>
                  <Table.Th scope="col">Criado por</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
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
                        onClick={() => download.mutate(lote.id, { onError: snackbar.error })}
                      >
                        Baixar PDF
                      </Button>
                    </Table.Td>
                    <Table.Td>{lote.criado_por ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {lotes.hasNextPage && (
            <Button
              variant="outline"
              onClick={() => void lotes.fetchNextPage()}
              loading={lotes.isFetchingNextPage}
            >
              Carregar mais
            </Button>
          )}
        </>
      )}
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
