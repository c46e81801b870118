import { Paper, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { paragraphsOf } from '@pulso/domain';
import { useEffect } from 'react';
import { type UseFormSetError, useForm } from 'react-hook-form';
import { FormModal } from '../../../ui/form-modal.tsx';
import type { TextoTipo } from './api/textos.ts';
import { TEXTOS_CONFIG, type TextoFormValues, type TextoRow, textoBody } from './textos-config.ts';

/**
 * The create (`row` 'new') / edit dialog of a FAQ or a tip, closed while
 * `row` is null, checked with the domain's schema of the list, with a
 * preview of the text as patients read it. `onSave` gets the values and the
 * form's `setError` for the server's field errors.
 */
export function TextoForm({
  tipo,
  row,
  onClose,
  onSave,
  busy,
}: {
  tipo: TextoTipo;
  row: TextoRow | 'new' | null;
  onClose: () => void;
  onSave: (values: TextoFormValues, setError: UseFormSetError<TextoFormValues>) => void;
  busy: boolean;
}) {
  const config = TEXTOS_CONFIG[tipo];
  const {
    register,
    handleSubmit,
    reset,
    watch,
    setValue,
    setError,
    formState: { errors },
  } = useForm<TextoFormValues>({
    // The domain's schema (the server's body), read through this form's own field names.
    resolver: (values) => {
      const parsed = config.schema.safeParse(textoBody(tipo, values));
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
    <FormModal
      opened={row !== null}
      onClose={onClose}
      title={row === 'new' ? config.novo : `Editar ${config.item}`}
      onSubmit={handleSubmit((values) => onSave(values, setError))}
      busy={busy}
    >
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
    </FormModal>
  );
}
