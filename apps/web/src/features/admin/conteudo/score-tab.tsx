import { Alert, Button, Group, List, Select, Stack, Text, Title } from '@mantine/core';
import {
  SCORE_CATEGORIAS,
  SCORE_PONTUACAO_MAX,
  type ScoreCategoria,
  type ScoreQuestionAdmin,
} from '@pulso/domain';
import { useState } from 'react';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context.tsx';
import { QueryView } from '../../../ui/query-view.tsx';
import { StateBadge } from '../shared/state-badge.tsx';
import { useRequestFeedback } from '../shared/use-request-feedback.ts';
import { useReorderScore, useSaveScoreQuestion, useScoreAdmin } from './api/score.ts';
import classes from './conteudo.module.css';
import { OrderedItemActions } from './ordered-item-actions.tsx';
import { ScoreQuestionForm } from './score-question-form.tsx';

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
  const feedback = useRequestFeedback();
  const query = useScoreAdmin();
  const save = useSaveScoreQuestion();
  const reorder = useReorderScore();
  const [categoria, setCategoria] = useState<ScoreCategoria>(SCORE_CATEGORIAS[0]);
  const [editing, setEditing] = useState<ScoreQuestionAdmin | 'new' | null>(null);

  const toggle = (q: ScoreQuestionAdmin) =>
    save.mutate(
      {
        id: q.id,
        categoria,
        values: { questoes: q.questoes, alternativas: q.alternativas, ativa: !q.ativa },
      },
      {
        onSuccess: () => snackbar.success(q.ativa ? 'Pergunta desativada.' : 'Pergunta ativada.'),
        onError: feedback.failure(),
      },
    );

  return (
    <QueryView query={query} errorTitle="Não foi possível carregar os questionários">
      {(categorias) => {
        const current = categorias.find((c) => c.categoria === categoria);
        const questions = current?.questions ?? [];
        const maximo = current?.maximo ?? 0;
        const ids = questions.map((q) => q.id);
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
                Com as perguntas ativas, ninguém chega a {SCORE_PONTUACAO_MAX} pontos nesta categoria. Ajuste
                os pontos das alternativas para que a melhor resposta de cada pergunta some{' '}
                {SCORE_PONTUACAO_MAX}.
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
                      <StateBadge on={q.ativa} labels={['Ativa', 'Rascunho']} style={{ flexShrink: 0 }} />
                    </Group>
                    <List size="sm" mt={6} mb="xs">
                      {q.alternativas.map((a) => (
                        <List.Item key={a.texto}>
                          {a.texto} — {a.pontos} {a.pontos === 1 ? 'ponto' : 'pontos'}
                        </List.Item>
                      ))}
                    </List>
                    <OrderedItemActions
                      ids={ids}
                      index={index}
                      moving={reorder.isPending}
                      name={(verb) => `${verb} a pergunta ${index + 1}`}
                      onEdit={() => setEditing(q)}
                      onReorder={(next) =>
                        reorder.mutate({ categoria, ids: next }, { onError: feedback.failure() })
                      }
                      toggleLabel={q.ativa ? 'Desativar' : 'Ativar'}
                      onToggle={() => toggle(q)}
                    />
                  </li>
                ))}
              </Stack>
            )}
            <ScoreQuestionForm
              question={editing}
              categoria={categoria}
              others={questions.filter((q) => q.ativa && (editing === 'new' || q.id !== editing?.id))}
              busy={save.isPending}
              onClose={() => setEditing(null)}
              onSave={(values) =>
                save.mutate(
                  { id: editing === 'new' || editing === null ? undefined : editing.id, categoria, values },
                  { onSuccess: feedback.success(() => setEditing(null)), onError: feedback.failure() },
                )
              }
            />
          </Stack>
        );
      }}
    </QueryView>
  );
}
