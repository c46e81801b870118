import { Button, Loader, Stack, Text, Title } from '@mantine/core';
import {
  parseScoreCategoria,
  SCORE_CATEGORIAS,
  SCORE_MESSAGES,
  type ScoreCategoria,
  type ScoreQuestionView,
  type ScoreResposta,
  scorePontuacao,
} from '@pulso/domain';
import { useId } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { pageTitles, paths } from '../../lib/paths.ts';
import { useSnackbar } from '../../lib/snackbar/snackbar-context.tsx';
import { Icon } from '../../ui/icon.tsx';
import { QueryError } from '../../ui/query-error.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { useCreateScoreResult } from './api/create-score-result.ts';
import { useScoreQuestions } from './api/get-score-questions.ts';
import classes from './score.module.css';
import { ScoreQuestionnaire } from './score-questionnaire.tsx';

/**
 * /score-questions, 'Score de saúde' (docs/indicators-and-score.md "Answering",
 * "Scoring"; issue 7 "Health score"). Three category buttons (Saúde Mental,
 * Saúde Física, Qualidade de Vida); choosing one loads its questions
 * (`GET /api/questions?categoria=`) and shows them one at a time
 * ({@link ScoreQuestionnaire}); a category without questions says 'Ainda não há
 * perguntas disponíveis para esta categoria.'. Enviar sends
 * `POST /api/score/result {categoria, respostas, pontuacao}` (the server sums
 * again and refuses a different total) and goes to /score/result with
 * 'Respostas enviadas com sucesso!'. 'Meus resultados' leads to /score/result.
 * Choosing another category starts that questionnaire afresh; the chosen one is
 * kept in the address (`?categoria=Saúde Física`), which opens it directly.
 */
export default function ScoreQuestionsPage() {
  useDocumentTitle(pageTitles.scoreQuestions);
  const ids = { categorias: useId() };
  // The chosen category lives in the address (?categoria=), so a results card can open its questionnaire.
  const [searchParams, setSearchParams] = useSearchParams();
  const categoria = parseScoreCategoria(searchParams.get('categoria'));
  const setCategoria = (c: ScoreCategoria) => setSearchParams({ categoria: c }, { replace: true });
  const query = useScoreQuestions(categoria);
  const create = useCreateScoreResult();
  const snackbar = useSnackbar();
  const navigate = useNavigate();

  const send = (questions: readonly ScoreQuestionView[], respostas: ScoreResposta[]) => {
    if (!categoria) return;
    const sum = scorePontuacao(questions, respostas);
    create.mutate(
      { categoria, respostas, ...(sum.ok ? { pontuacao: sum.pontuacao } : {}) },
      {
        onSuccess: async ({ message }) => {
          await navigate(paths.scoreResult);
          snackbar.success(message);
        },
        onError: (error) => snackbar.error(error),
      },
    );
  };

  return (
    <div className={classes.page}>
      <Stack gap="xs">
        <Title order={1} className={classes.title}>
          {pageTitles.scoreQuestions}
        </Title>
        <Text>
          Escolha uma área e responda às perguntas pensando nas últimas duas semanas. No fim, você vê sua
          pontuação de 0 a 100 e dicas para cuidar de si.
        </Text>
        <Text size="sm" c="dimmed">
          {SCORE_MESSAGES.disclaimer}
        </Text>
      </Stack>

      <Button
        component={Link}
        to={paths.scoreResult}
        variant="outline"
        size="md"
        className={classes.resultsLink}
        leftSection={<Icon name="chart" size={20} />}
      >
        Meus resultados
      </Button>

      <section className={classes.card} aria-labelledby={ids.categorias}>
        <Title order={2} id={ids.categorias} className={classes.cardTitle}>
          Escolha uma categoria
        </Title>
        <div className={classes.categorias}>
          {SCORE_CATEGORIAS.map((c) => (
            <Button
              key={c}
              size="md"
              variant={c === categoria ? 'filled' : 'default'}
              aria-pressed={c === categoria}
              disabled={create.isPending}
              onClick={() => setCategoria(c)}
            >
              {c}
            </Button>
          ))}
        </div>
      </section>

      {categoria && (
        <section className={classes.card} aria-label={`Questionário: ${categoria}`}>
          {query.isPending ? (
            <div className={classes.state} role="status">
              <Loader size="sm" aria-hidden="true" />
              <Text fw={500}>Carregando ...</Text>
            </div>
          ) : query.isError ? (
            <QueryError
              title="Não foi possível carregar as perguntas"
              message={query.error.message}
              onRetry={() => void query.refetch()}
              retrying={query.isFetching}
            />
          ) : query.data.scoreQuestions.length === 0 ? (
            <div className={classes.empty} role="status">
              <Text fw={600}>{SCORE_MESSAGES.semPerguntas}</Text>
              <Text size="sm" c="dimmed">
                Escolha outra categoria ou volte mais tarde.
              </Text>
            </div>
          ) : (
            <ScoreQuestionnaire
              key={categoria}
              questions={query.data.scoreQuestions}
              sending={create.isPending}
              onSubmit={(respostas) => send(query.data.scoreQuestions, respostas)}
            />
          )}
        </section>
      )}
    </div>
  );
}
