import { Button, Group, NumberInput, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import {
  CONTEUDO_LIMITS,
  checkScoreMaximo,
  SCORE_PONTUACAO_MAX,
  type ScoreCategoria,
  type ScoreQuestionAdmin,
  type ScoreQuestionInput,
  ScoreQuestionInputSchema,
  scoreMaximo,
} from '@pulso/domain';
import { useEffect } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { domainResolver } from '../../../ui/domain-resolver.ts';
import { FormModal } from '../../../ui/form-modal.tsx';

type FormValues = { questoes: string; alternativas: { texto: string; pontos: number }[]; ativa: boolean };

/**
 * The create (`question` 'new') / edit dialog of one score question, closed
 * while `question` is null: its text, its alternatives with points, and
 * whether it is served; it shows the category's most points with it among
 * the served questions (`others`), and 'Salvar' stays disabled while they
 * would exceed 100 (`checkScoreMaximo`).
 */
export function ScoreQuestionForm({
  question,
  categoria,
  others,
  busy,
  onClose,
  onSave,
}: {
  question: ScoreQuestionAdmin | 'new' | null;
  categoria: ScoreCategoria;
  others: ScoreQuestionAdmin[];
  busy: boolean;
  onClose: () => void;
  onSave: (values: ScoreQuestionInput) => void;
}) {
  const {
    register,
    control,
    handleSubmit,
    reset,
    watch,
    setValue,
    formState: { errors },
  } = useForm<FormValues, unknown, ScoreQuestionInput>({
    resolver: domainResolver(ScoreQuestionInputSchema),
    defaultValues: { questoes: '', alternativas: [], ativa: true },
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'alternativas' });

  useEffect(() => {
    if (question === 'new') {
      reset({
        questoes: '',
        alternativas: [
          { texto: '', pontos: 0 },
          { texto: '', pontos: 0 },
        ],
        ativa: false,
      });
    } else if (question) {
      reset({ questoes: question.questoes, alternativas: question.alternativas, ativa: question.ativa });
    }
  }, [question, reset]);

  const alternativas = watch('alternativas') ?? [];
  const ativa = watch('ativa');
  const pontos = alternativas.map((a) => Number(a.pontos) || 0);
  const served = [
    ...others,
    ...(ativa ? [{ id: -1, alternativas: pontos.map((p) => ({ pontos: p })) }] : []),
  ];
  const maximo = scoreMaximo(served);
  const tooMuch = checkScoreMaximo(categoria, served);
  const listError =
    (errors.alternativas as { message?: string; root?: { message?: string } } | undefined)?.message ??
    (errors.alternativas as { root?: { message?: string } } | undefined)?.root?.message;

  return (
    <FormModal
      opened={question !== null}
      onClose={onClose}
      title={question === 'new' ? `Nova pergunta: ${categoria}` : 'Editar pergunta do score'}
      onSubmit={handleSubmit(onSave)}
      busy={busy}
      submitDisabled={tooMuch !== null}
    >
      <Textarea
        {...register('questoes')}
        label="Pergunta"
        autosize
        minRows={2}
        maxLength={CONTEUDO_LIMITS.questaoMax}
        error={errors.questoes?.message}
        data-autofocus
      />
      <Stack gap="xs" component="fieldset" m={0} p={0} style={{ border: 0 }}>
        <Text component="legend" fw={600} size="sm">
          Alternativas e pontos
        </Text>
        {fields.map((field, i) => (
          <Group key={field.id} gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              {...register(`alternativas.${i}.texto`)}
              label={`Alternativa ${i + 1}`}
              maxLength={CONTEUDO_LIMITS.alternativaTextoMax}
              error={errors.alternativas?.[i]?.texto?.message}
              style={{ flex: 1, minWidth: 0 }}
            />
            <NumberInput
              label="Pontos"
              aria-label={`Pontos da alternativa ${i + 1}`}
              value={alternativas[i]?.pontos ?? 0}
              onChange={(v) =>
                setValue(`alternativas.${i}.pontos`, typeof v === 'number' ? v : Number(v) || 0)
              }
              min={0}
              max={SCORE_PONTUACAO_MAX}
              allowDecimal={false}
              allowNegative={false}
              error={errors.alternativas?.[i]?.pontos?.message}
              w={88}
            />
            <Button
              variant="default"
              c="red.9"
              mt={25}
              size="compact-sm"
              disabled={fields.length <= CONTEUDO_LIMITS.alternativasMin}
              onClick={() => remove(i)}
              aria-label={`Remover a alternativa ${i + 1}`}
            >
              Remover
            </Button>
          </Group>
        ))}
        {listError && (
          <Text c="red.9" size="sm" role="alert">
            {listError}
          </Text>
        )}
        <Button
          variant="default"
          size="compact-sm"
          onClick={() => append({ texto: '', pontos: 0 })}
          disabled={fields.length >= CONTEUDO_LIMITS.alternativasMax}
          style={{ alignSelf: 'flex-start' }}
        >
          Adicionar alternativa
        </Button>
      </Stack>
      <Switch
        checked={ativa}
        onChange={(event) => setValue('ativa', event.currentTarget.checked)}
        label="Ativa (aparece no questionário dos pacientes)"
      />
      <Text size="sm" role="status" c={tooMuch ? 'red.9' : undefined}>
        {tooMuch ??
          `Com esta pergunta, a pontuação máxima de ${categoria} fica ${maximo} de ${SCORE_PONTUACAO_MAX}.`}
      </Text>
    </FormModal>
  );
}
