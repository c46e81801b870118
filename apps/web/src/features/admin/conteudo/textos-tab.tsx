import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { DataTable } from '../../../ui/data-table.tsx';
import { QueryView } from '../../../ui/query-view.tsx';
import { StateBadge } from '../shared/state-badge.tsx';
import { useRequestFeedback } from '../shared/use-request-feedback.ts';
import { type TextoTipo, useDeleteTexto, useReorderTextos, useSaveTexto, useTextos } from './api/textos.ts';
import { OrderedItemActions } from './ordered-item-actions.tsx';
import { TextoForm } from './texto-form.tsx';
import { TEXTOS_CONFIG, type TextoRow, textoBody, textoRow } from './textos-config.ts';

/**
 * The FAQs of /faqs or the tips of /dicas (issue 9 "Content"): a table in
 * the patients' order with each item's state (Publicada / Oculta), and
 * buttons to edit, move up or down, publish or hide, and delete (asked
 * again first). Changes reach the patients' page at once.
 */
export function TextosTab({ tipo }: { tipo: TextoTipo }) {
  const config = TEXTOS_CONFIG[tipo];
  const snackbar = useSnackbar();
  const feedback = useRequestFeedback();
  const query = useTextos(tipo);
  const save = useSaveTexto(tipo);
  const remove = useDeleteTexto(tipo);
  const reorder = useReorderTextos(tipo);
  const [editing, setEditing] = useState<TextoRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TextoRow | null>(null);

  const toggle = (row: TextoRow) =>
    save.mutate(
      { id: row.id, values: textoBody(tipo, { ...row, ativo: !row.ativo }) as never },
      {
        onSuccess: () => snackbar.success(row.ativo ? 'Item ocultado.' : 'Item publicado.'),
        onError: feedback.failure(),
      },
    );

  return (
    <QueryView query={query} errorTitle="Não foi possível carregar a lista">
      {(items) => {
        const rows = items.map((item) => textoRow(tipo, item));
        const ids = rows.map((r) => r.id);
        return (
          <Stack gap="md">
            <Group justify="space-between" wrap="wrap">
              <Text size="sm" c="dimmed">
                Os pacientes veem os itens publicados em {config.publico}, nesta ordem.
              </Text>
              <Button onClick={() => setEditing('new')}>{config.novo}</Button>
            </Group>
            {rows.length === 0 ? (
              <Text>{config.vazio}</Text>
            ) : (
              <DataTable minWidth={340} columns={['Nº', config.tituloLabel, 'Ações']}>
                {rows.map((row, index) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>{index + 1}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{row.titulo}</Text>
                      <StateBadge mt={4} on={row.ativo} labels={['Publicada', 'Oculta']} />
                    </Table.Td>
                    <Table.Td miw={96}>
                      <OrderedItemActions
                        ids={ids}
                        index={index}
                        moving={reorder.isPending}
                        name={(verb) => `${verb}: ${row.titulo}`}
                        onEdit={() => setEditing(row)}
                        onReorder={(next) => reorder.mutate(next, { onError: feedback.failure() })}
                        toggleLabel={row.ativo ? 'Ocultar' : 'Publicar'}
                        onToggle={() => toggle(row)}
                      >
                        <Button
                          size="compact-sm"
                          variant="outline"
                          color="red.9"
                          onClick={() => setDeleting(row)}
                          aria-label={`Excluir: ${row.titulo}`}
                        >
                          Excluir
                        </Button>
                      </OrderedItemActions>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </DataTable>
            )}
            <TextoForm
              tipo={tipo}
              row={editing}
              onClose={() => setEditing(null)}
              onSave={(values, setError) =>
                save.mutate(
                  {
                    id: editing === 'new' || editing === null ? undefined : editing.id,
                    values: textoBody(tipo, values) as never,
                  },
                  {
                    onSuccess: feedback.success(() => setEditing(null)),
                    onError: feedback.fieldErrors(setError, ['titulo', 'corpo']),
                  },
                )
              }
              busy={save.isPending}
            />
            <ConfirmDialog
              opened={deleting !== null}
              title={`Excluir ${config.item}`}
              confirmLabel="Excluir"
              busy={remove.isPending}
              onClose={() => setDeleting(null)}
              onConfirm={() =>
                deleting &&
                remove.mutate(deleting.id, {
                  onSuccess: feedback.success(() => setDeleting(null)),
                  onError: feedback.failure(),
                })
              }
            >
              {`"${deleting?.titulo ?? ''}" deixará de aparecer para os pacientes e não poderá ser recuperada. Para tirá-la do ar sem apagar, use Ocultar.`}
            </ConfirmDialog>
          </Stack>
        );
      }}
    </QueryView>
  );
}
