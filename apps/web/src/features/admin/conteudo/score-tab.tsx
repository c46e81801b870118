import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  CONTEUDO_LIMITS,
  checkScoreMaximo,
  SCORE_CATEGORIAS,
  SCORE_PONTUACAO_MAX,
  type ScoreCategoria,
  type ScoreQuestionAdmin,
  type ScoreQuestionInput,
  ScoreQuestionInputSchema,
  scoreMaximo,
} from '@pulso/domain';
import { useEffect, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useSnackbar } from '../../../app/snackbar/snackbar-context.tsx';
import { AppModal } from '../../../ui/app-modal.tsx';
import { domainResolver } from '../../../ui/domain-resolver.ts';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { QueryError } from '../../../ui/query-error.tsx';
import { useReorderScore, useSaveScoreQuestion, useScoreAdmin } from './api/score.ts';
import classes from './conteudo.module.css';

type FormValues = { questoes: string; alternativas: { texto: string; pontos: number }[]; ativa: boolean };

/**
 * The score questionnaires (issue 9 "Content"; docs/indicators-and-score.md
 * "Health score"): per category, its questions in the order asked, each with
 * its alternatives and points and whether it is served (Ativa) or a draft;
 * the most points the served questions give (at most 100,
 * docs/payments-and-admin.md "Content"). Edit, add, move, activate or
 * deactivate a question. Past results keep their points.
 */
export function ScoreTab() {
  const snackbar = useSnackbar();
  const query = useScoreAdmin();
  const save = useSaveScoreQuestion();
  const reorder = useReorderScore();
  const [categoria, setCategoria] = useState<ScoreCategoria>(SCORE_CATEGORIAS[0]);
  const [editing, setEditing] = useState<ScoreQuestionAdmin | 'new' | null>(null);

  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return (
      <QueryError
        title="Não foi possível carregar os questionários"
        message={query.error.message}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const current = query.data.find((c) => c.categoria === categoria);
  const questions = current?.questions ?? [];
  const maximo = current?.maximo ?? 0;

  const toggle = (q: ScoreQuestionAdmin) =>
    save.mutate(
      {
        id: q.id,
        categoria,
        values: { questoes: q.questoes, alternativas: q.alternativas, ativa: !q.ativa },
      },
      {
        onSuccess: () => snackbar.success(q.ativa ? 'Pergunta desativada.' : 'Pergunta ativada.'),
        onError: (error) => snackbar.error(error),
      },
    );

  const move = (index: number, delta: -1 | 1) => {
    const ids = questions.map((q) => q.id);
    const target = index + delta;
    if (target < 0 || target >= ids.length) return;
    [ids[index], ids[target]] = [ids[target] as number, ids[index] as number];
    reorder.mutate({ categoria, ids }, { onError: (error) => snackbar.error(error) });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Select
          label="Categoria"
          data={[...SCORE_CATEGORIAS]}
          value={categoria}
          onChange={(v) => v && setCategoria(v as ScoreCategoria)}
          allowDeselect={false}
          maw={280}
        />
        <Button onClick={() => setEditing('new')}>Nova pergunta</Button>
      </Group>
      <Text>
        Pontuação máxima de {categoria}: <strong>{maximo}</strong> de {SCORE_PONTUACAO_MAX} pontos, em{' '}
        {questions.filter((q) => q.ativa).length} perguntas ativas.
        {current && current.quizzes.length > 0
          ? ` Questionário${current.quizzes.length > 1 ? 's' : ''} nº ${current.quizzes.map((q) => q.id).join(', ')}.`
          : ''}
      </Text>
      {maximo < SCORE_PONTUACAO_MAX && (
        <Alert color="yellow" variant="light" title="A pontuação máxima está abaixo de 100">
          Com as perguntas ativas, ninguém chega a {SCORE_PONTUACAO_MAX} pontos nesta categoria. Ajuste os
          pontos das alternativas para que a melhor resposta de cada pergunta some {SCORE_PONTUACAO_MAX}.
        </Alert>
      )}
      {questions.length === 0 ? (
        <Text>Nenhuma pergunta nesta categoria.</Text>
      ) : (
        <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {questions.map((q, index) => (
            <li key={q.id} className={classes.question}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <Title order={3} size="h5">
                  {index + 1}. {q.questoes}
                </Title>
                <Badge color={q.ativa ? 'teal.9' : 'gray.7'} variant="filled" style={{ flexShrink: 0 }}>
                  {q.ativa ? 'Ativa' : 'Rascunho'}
                </Badge>
              </Group>
              <List size="sm" mt={6} mb="xs">
                {q.alternativas.map((a) => (
                  <List.Item key={a.texto}>
                    {a.texto} — {a.pontos} {a.pontos === 1 ? 'ponto' : 'pontos'}
                  </List.Item>
                ))}
              </List>
              <Group gap={6} wrap="wrap">
                <Button
                  size="compact-sm"
                  variant="default"
                  onClick={() => setEditing(q)}
                  aria-label={`Editar a pergunta ${index + 1}`}
                >
                  Editar
                </Button>
                <Button
                  size="compact-sm"
                  variant="default"
                  disabled={index === 0 || reorder.isPending}
                  onClick={() => move(index, -1)}
                  aria-label={`Subir a pergunta ${index + 1}`}
                >
                  Subir
                </Button>
                <Button
                  size="compact-sm"
                  variant="default"
                  disabled={index === questions.length - 1 || reorder.isPending}
                  onClick={() => move(index, 1)}
                  aria-label={`Descer a pergunta ${index + 1}`}
                >
                  Descer
                </Button>
                <Button
                  size="compact-sm"
                  variant="default"
                  onClick={() => toggle(q)}
                  aria-label={`${q.ativa ? 'Desativar' : 'Ativar'} a pergunta ${index + 1}`}
                >
                  {q.ativa ? 'Desativar' : 'Ativar'}
                </Button>
              </Group>
            </li>
          ))}
        </Stack>
      )}
      <QuestionForm
        question={editing}
        categoria={categoria}
        others={questions.filter((q) => q.ativa && (editing === 'new' || q.id !== editing?.id))}
        busy={save.isPending}
        onClose={() => setEditing(null)}
        onSave={(values) =>
          save.mutate(
            { id: editing === 'new' || editing === null ? undefined : editing.id, categoria, values },
            {
              onSuccess: (answer) => {
                snackbar.success(answer.message);
                setEditing(null);
              },
              onError: (error) => snackbar.error(error),
            },
          )
        }
      />
    </Stack>
  );
}

/** The dialog of one question: its text, its alternatives with points, and whether it is served. */
function QuestionForm({
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
    <AppModal
      opened={question !== null}
      onClose={onClose}
      title={question === 'new' ? `Nova pergunta: ${categoria}` : 'Editar pergunta do score'}
      size="lg"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.stopPropagation();
          void handleSubmit(onSave)(event);
        }}
      >
        <Stack gap="md">
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
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={busy} disabled={tooMuch !== null}>
              Salvar
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
