import {
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { CONTEUDO_LIMITS, DicaInputSchema, FaqInputSchema, paragraphsOf } from '@pulso/domain';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSnackbar } from '../../../app/snackbar/snackbar-context.tsx';
import { AppModal } from '../../../ui/app-modal.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { QueryError } from '../../../ui/query-error.tsx';
import { applyServerErrors } from '../../../ui/server-errors.ts';
import { type TextoTipo, useDeleteTexto, useReorderTextos, useSaveTexto, useTextos } from './api/textos.ts';

/** How one list reads: its field names on the wire, their labels and limits, and its words. */
const CONFIG = {
  faqs: {
    schema: FaqInputSchema,
    titulo: 'question',
    corpo: 'answer',
    tituloLabel: 'Pergunta',
    corpoLabel: 'Resposta',
    tituloMax: CONTEUDO_LIMITS.faqQuestionMax,
    corpoMax: CONTEUDO_LIMITS.faqAnswerMax,
    item: 'pergunta',
    novo: 'Nova pergunta',
    vazio: 'Nenhuma pergunta frequente cadastrada.',
    publico: '/faqs',
  },
  dicas: {
    schema: DicaInputSchema,
    titulo: 'title',
    corpo: 'content',
    tituloLabel: 'Título',
    corpoLabel: 'Texto da dica',
    tituloMax: CONTEUDO_LIMITS.dicaTitleMax,
    corpoMax: CONTEUDO_LIMITS.dicaContentMax,
    item: 'dica',
    novo: 'Nova dica',
    vazio: 'Nenhuma dica cadastrada.',
    publico: '/dicas',
  },
} as const;

/** A row of either list, read through the config's field names. */
interface Row {
  id: number;
  ordem: number;
  ativo: boolean;
  titulo: string;
  corpo: string;
}

interface FormValues {
  titulo: string;
  corpo: string;
  ativo: boolean;
}

/**
 * The FAQs of /faqs or the tips of /dicas (issue 9 "Content"): a table in
 * the patients' order with each item's state (Publicada / Oculta), and
 * buttons to edit, move up or down, publish or hide, and delete (asked
 * again first). Changes reach the patients' page at once.
 */
export function TextosTab({ tipo }: { tipo: TextoTipo }) {
  const config = CONFIG[tipo];
  const snackbar = useSnackbar();
  const query = useTextos(tipo);
  const save = useSaveTexto(tipo);
  const remove = useDeleteTexto(tipo);
  const reorder = useReorderTextos(tipo);
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);

  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return (
      <QueryError
        title="Não foi possível carregar a lista"
        message={query.error.message}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const rows: Row[] = query.data.map((item) => {
    const record = item as unknown as Record<string, unknown>;
    return {
      id: item.id,
      ordem: item.ordem,
      ativo: item.ativo,
      titulo: String(record[config.titulo]),
      corpo: String(record[config.corpo]),
    };
  });

  const body = (row: Pick<Row, 'titulo' | 'corpo' | 'ativo'>) => ({
    [config.titulo]: row.titulo,
    [config.corpo]: row.corpo,
    ativo: row.ativo,
  });

  const toggle = (row: Row) =>
    save.mutate(
      { id: row.id, values: body({ ...row, ativo: !row.ativo }) as never },
      {
        onSuccess: () => snackbar.success(row.ativo ? 'Item ocultado.' : 'Item publicado.'),
        onError: (error) => snackbar.error(error),
      },
    );

  const move = (index: number, delta: -1 | 1) => {
    const ids = rows.map((r) => r.id);
    const target = index + delta;
    if (target < 0 || target >= ids.length) return;
    [ids[index], ids[target]] = [ids[target] as number, ids[index] as number];
    reorder.mutate(ids, { onError: (error) => snackbar.error(error) });
  };

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
        <Table.ScrollContainer minWidth={340}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Nº</Table.Th>
                <Table.Th scope="col">{config.tituloLabel}</Table.Th>
                <Table.Th scope="col">Ações</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, index) => (
                <Table.Tr key={row.id}>
                  <Table.Td>{index + 1}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{row.titulo}</Text>
                    <Badge mt={4} color={row.ativo ? 'teal.9' : 'gray.7'} variant="filled">
                      {row.ativo ? 'Publicada' : 'Oculta'}
                    </Badge>
                  </Table.Td>
                  <Table.Td miw={96}>
                    <Group gap={6} wrap="wrap">
                      <Button
                        size="compact-sm"
                        variant="default"
                        onClick={() => setEditing(row)}
                        aria-label={`Editar: ${row.titulo}`}
                      >
                        Editar
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="default"
                        disabled={index === 0 || reorder.isPending}
                        onClick={() => move(index, -1)}
                        aria-label={`Subir: ${row.titulo}`}
                      >
                        Subir
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="default"
                        disabled={index === rows.length - 1 || reorder.isPending}
                        onClick={() => move(index, 1)}
                        aria-label={`Descer: ${row.titulo}`}
                      >
                        Descer
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="default"
                        onClick={() => toggle(row)}
                        aria-label={`${row.ativo ? 'Ocultar' : 'Publicar'}: ${row.titulo}`}
                      >
                        {row.ativo ? 'Ocultar' : 'Publicar'}
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="outline"
                        color="red.9"
                        onClick={() => setDeleting(row)}
                        aria-label={`Excluir: ${row.titulo}`}
                      >
                        Excluir
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <TextoForm
        tipo={tipo}
        row={editing}
        onClose={() => setEditing(null)}
        onSave={(values, setError) =>
          save.mutate(
            {
              id: editing === 'new' || editing === null ? undefined : editing.id,
              values: body(values) as never,
            },
            {
              onSuccess: (answer) => {
                snackbar.success(answer.message);
                setEditing(null);
              },
              onError: (error) => {
                if (!applyServerErrors(error, setError, ['titulo', 'corpo'])) snackbar.error(error);
              },
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
            onSuccess: (answer) => {
              snackbar.success(answer.message);
              setDeleting(null);
            },
            onError: (error) => snackbar.error(error),
          })
        }
      >
        {`"${deleting?.titulo ?? ''}" deixará de aparecer para os pacientes e não poderá ser recuperada. Para tirá-la do ar sem apagar, use Ocultar.`}
      </ConfirmDialog>
    </Stack>
  );
}

/** The create / edit dialog, with a preview of the text as patients read it. */
function TextoForm({
  tipo,
  row,
  onClose,
  onSave,
  busy,
}: {
  tipo: TextoTipo;
  row: Row | 'new' | null;
  onClose: () => void;
  onSave: (values: FormValues, setError: ReturnType<typeof useForm<FormValues>>['setError']) => void;
  busy: boolean;
}) {
  const config = CONFIG[tipo];
  const {
    register,
    handleSubmit,
    reset,
    watch,
    setValue,
    setError,
    formState: { errors },
  } = useForm<FormValues>({
    // The domain's schema (the server's body), read through this form's own field names.
    resolver: (values) => {
      const parsed = config.schema.safeParse({
        [config.titulo]: values.titulo,
        [config.corpo]: values.corpo,
        ativo: values.ativo,
      });
      if (parsed.success) return { values, errors: {} };
      const fieldErrors: Partial<Record<'titulo' | 'corpo', { type: string; message: string }>> = {};
      for (const issue of parsed.error.issues) {
        const key =
          issue.path[0] === config.titulo ? 'titulo' : issue.path[0] === config.corpo ? 'corpo' : null;
        if (key && !fieldErrors[key]) fieldErrors[key] = { type: 'validate', message: issue.message };
      }
      return { values: {}, errors: fieldErrors };
    },
    defaultValues: { titulo: '', corpo: '', ativo: true },
  });

  useEffect(() => {
    if (row === 'new') reset({ titulo: '', corpo: '', ativo: true });
    else if (row) reset({ titulo: row.titulo, corpo: row.corpo, ativo: row.ativo });
  }, [row, reset]);

  const corpo = watch('corpo');
  const titulo = watch('titulo');
  const paragraphs = paragraphsOf(corpo ?? '');

  return (
    <AppModal
      opened={row !== null}
      onClose={onClose}
      title={row === 'new' ? config.novo : `Editar ${config.item}`}
      size="lg"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.stopPropagation();
          void handleSubmit((values) => onSave(values, setError))(event);
        }}
      >
        <Stack gap="md">
          <TextInput
            {...register('titulo')}
            label={config.tituloLabel}
            maxLength={config.tituloMax}
            error={errors.titulo?.message}
            data-autofocus
          />
          <Textarea
            {...register('corpo')}
            label={config.corpoLabel}
            description="Texto simples. Deixe uma linha em branco entre os parágrafos."
            autosize
            minRows={5}
            maxRows={14}
            maxLength={config.corpoMax}
            error={errors.corpo?.message}
          />
          <Switch
            checked={watch('ativo')}
            onChange={(event) => setValue('ativo', event.currentTarget.checked)}
            label="Publicada (visível para os pacientes)"
          />
          <Paper withBorder p="sm" component="section" aria-label="Pré-visualização">
            <Text size="xs" c="dimmed" mb={4}>
              Pré-visualização
            </Text>
            <Title order={3} size="h5">
              {titulo || '—'}
            </Title>
            {paragraphs.map((p, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a text being typed
              <Text key={i} size="sm" mt={6}>
                {p}
              </Text>
            ))}
          </Paper>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={busy}>
              Salvar
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
