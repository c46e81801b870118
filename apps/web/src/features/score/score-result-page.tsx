import { Button, Loader, Stack, Text, Title } from '@mantine/core';
import {
  formatInstantBR,
  formatScore,
  SCORE_CATEGORIAS,
  SCORE_DICAS,
  SCORE_FAIXA_LABELS,
  SCORE_MEDIA,
  SCORE_MESSAGES,
  type ScoreCategoriaResult,
  type ScoreFaixa,
  type ScoreResultsAnswer,
} from '@pulso/domain';
import { useId } from 'react';
import { Link } from 'react-router';
import { pageTitles, paths } from '../../lib/paths.ts';
import { Icon } from '../../ui/icon.tsx';
import { QueryError } from '../../ui/query-error.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { useScoreResults } from './api/get-score-results.ts';
import classes from './score.module.css';
import { type ScoreBar, ScoreBarChart } from './score-bar-chart.tsx';

/** Short names of the categories under the average card's bars (the full name is read aloud). */
const SHORT: Record<(typeof SCORE_CATEGORIAS)[number], string> = {
  'Saúde Mental': 'Mental',
  'Saúde Física': 'Física',
  'Qualidade de Vida': 'Qualidade',
};

/** `dd/mm` of an instant in America/Sao_Paulo (under a bar; the full date is read aloud). */
const dayMonth = (instant: string) => formatInstantBR(instant).slice(0, 5);

/**
 * /score/result, 'Meus resultados' (docs/indicators-and-score.md "Results",
 * "Bands and tips"; docs/api/indicadores-score-profissional.md "Score" `GET /api/score/result`). One
 * card per category with its latest score (0–100), its band's label, the
 * band's tip for that category (`SCORE_DICAS`), when it was answered and a bar
 * chart of its latest results; a category never answered says so, with a way
 * to answer it. A fourth card, 'Média geral': the average with 2 decimals (a
 * category never answered counts 0), its band and tip, and a bar chart of the
 * three categories and the average.
 */
export default function ScoreResultPage() {
  useDocumentTitle(pageTitles.scoreResult);
  const query = useScoreResults();

  return (
    <div className={classes.page}>
      <Stack gap="xs">
        <Title order={1} className={classes.title}>
          {pageTitles.scoreResult}
        </Title>
        <Text>Sua pontuação mais recente em cada área, de 0 a 100, com dicas para cada resultado.</Text>
        <Text size="sm" c="dimmed">
          {SCORE_MESSAGES.disclaimer}
        </Text>
      </Stack>
      <Button
        component={Link}
        to={paths.scoreQuestions}
        variant="outline"
        size="md"
        className={classes.resultsLink}
        leftSection={<Icon name="star" size={20} />}
      >
        Responder questionário
      </Button>
      {query.isPending ? (
        <div className={classes.state} role="status">
          <Loader size="md" aria-hidden="true" />
          <Text fw={500}>Carregando ...</Text>
        </div>
      ) : query.isError ? (
        <QueryError
          title="Não foi possível carregar seus resultados"
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <ResultCards results={query.data} />
      )}
    </div>
  );
}

function ResultCards({ results }: { results: ScoreResultsAnswer }) {
  const byCategoria = new Map(results.pointsScore.map((r) => [r.categoria, r]));
  return (
    <div className={classes.cards}>
      {SCORE_CATEGORIAS.map((categoria) => (
        <CategoriaCard
          key={categoria}
          result={
            byCategoria.get(categoria) ?? {
              categoria,
              pontuacao: null,
              faixa: null,
              created_at: null,
              historico: [],
            }
          }
        />
      ))}
      <MediaCard results={results} />
    </div>
  );
}

/** The band of a score by its label (its colour only repeats it). */
function FaixaLabel({ faixa }: { faixa: ScoreFaixa }) {
  return (
    <span className={classes.faixa} data-faixa={faixa}>
      {SCORE_FAIXA_LABELS[faixa]}
    </span>
  );
}

function CategoriaCard({ result }: { result: ScoreCategoriaResult }) {
  const titleId = useId();
  const { categoria, pontuacao, faixa, created_at } = result;
  return (
    <section className={classes.card} aria-labelledby={titleId}>
      <Title order={2} id={titleId} className={classes.cardTitle}>
        {categoria}
      </Title>
      {pontuacao === null || faixa === null || created_at === null ? (
        <div className={classes.empty}>
          <Text fw={600}>{SCORE_MESSAGES.naoRespondido}</Text>
          <Text size="sm" c="dimmed">
            Responda ao questionário de {categoria} para ver sua pontuação e dicas para você.
          </Text>
          <Button
            component={Link}
            to={`${paths.scoreQuestions}?${new URLSearchParams({ categoria })}`}
            variant="light"
            size="sm"
            className={classes.resultsLink}
            aria-label={`Responder agora ao questionário de ${categoria}`}
          >
            Responder agora
          </Button>
        </div>
      ) : (
        <>
          <div className={classes.scoreLine}>
            <p className={classes.scoreValue}>
              {formatScore(pontuacao)} <span className={classes.scoreUnit}>de 100 pontos</span>
            </p>
            <FaixaLabel faixa={faixa} />
          </div>
          <Text size="sm" c="dimmed">
            Respondido em {formatInstantBR(created_at)}
          </Text>
          <p className={classes.dica}>{SCORE_DICAS[categoria][faixa]}</p>
          <ScoreBarChart
            caption={
              result.historico.length > 1
                ? `Seus últimos ${result.historico.length} resultados`
                : 'Seu resultado'
            }
            bars={result.historico.map((h) => ({
              label: dayMonth(h.created_at),
              longLabel: formatInstantBR(h.created_at),
              pontuacao: h.pontuacao,
              text: formatScore(h.pontuacao),
            }))}
          />
        </>
      )}
    </section>
  );
}

function MediaCard({ results }: { results: ScoreResultsAnswer }) {
  const titleId = useId();
  const { media } = results;
  const bars: ScoreBar[] = [
    ...SCORE_CATEGORIAS.map((categoria) => {
      const pontuacao = results.pointsScore.find((r) => r.categoria === categoria)?.pontuacao ?? 0;
      return { label: SHORT[categoria], longLabel: categoria, pontuacao, text: formatScore(pontuacao) };
    }),
    {
      label: 'Média',
      longLabel: SCORE_MEDIA,
      pontuacao: media.pontuacao,
      text: formatScore(media.pontuacao, 2),
      highlight: true,
    },
  ];
  return (
    <section className={`${classes.card} ${classes.media}`} aria-labelledby={titleId}>
      <Title order={2} id={titleId} className={classes.cardTitle}>
        {SCORE_MEDIA}
      </Title>
      {media.faixa === null ? (
        <div className={classes.empty}>
          <Text fw={600}>{SCORE_MESSAGES.mediaVazia}</Text>
          <Text size="sm" c="dimmed">
            A média reúne as três áreas: Saúde Mental, Saúde Física e Qualidade de Vida.
          </Text>
        </div>
      ) : (
        <>
          <div className={classes.scoreLine}>
            <p className={classes.scoreValue}>
              {formatScore(media.pontuacao, 2)} <span className={classes.scoreUnit}>de 100 pontos</span>
            </p>
            <FaixaLabel faixa={media.faixa} />
          </div>
          <Text size="sm" c="dimmed">
            {media.respondidas === SCORE_CATEGORIAS.length
              ? 'Média das três áreas.'
              : `${media.respondidas} de ${SCORE_CATEGORIAS.length} áreas respondidas; cada área ainda não respondida conta 0 na média.`}
          </Text>
          <p className={classes.dica}>{SCORE_DICAS[SCORE_MEDIA][media.faixa]}</p>
          <ScoreBarChart caption="Cada área e a média geral" bars={bars} />
        </>
      )}
    </section>
  );
}
