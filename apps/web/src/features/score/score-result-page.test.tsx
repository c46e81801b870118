import { SCORE_DICAS, SCORE_MESSAGES, type ScoreResultsAnswer } from '@pulso/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/token.ts';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import { stubApi } from '../../test/stub-api.ts';
import ScoreResultPage from './score-result-page.tsx';

const routes = [{ path: '/score/result', element: <ScoreResultPage /> }];

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The big score written on a card. */
const scoreOf = (card: HTMLElement) => card.querySelector('p')?.textContent;

const RESULTS: ScoreResultsAnswer = {
  pointsScore: [
    {
      categoria: 'Saúde Mental',
      pontuacao: 80,
      faixa: 'bom',
      created_at: '2026-11-20T13:00:00.000Z',
      historico: [
        { pontuacao: 40, created_at: '2026-11-10T13:00:00.000Z' },
        { pontuacao: 80, created_at: '2026-11-20T13:00:00.000Z' },
      ],
    },
    {
      categoria: 'Saúde Física',
      pontuacao: 25,
      faixa: 'abaixo',
      created_at: '2026-11-21T02:30:00.000Z',
      historico: [{ pontuacao: 25, created_at: '2026-11-21T02:30:00.000Z' }],
    },
    { categoria: 'Qualidade de Vida', pontuacao: null, faixa: null, created_at: null, historico: [] },
  ],
  media: { pontuacao: 35, faixa: 'atencao', respondidas: 2 },
};

describe('/score/result (docs/indicators-and-score.md "Results")', () => {
  it('shows a card per category with score, band, tip and chart, and the average with 2 decimals', async () => {
    setToken('t');
    stubApi(({ url }) => (url === '/api/score/result' ? jsonResponse(RESULTS) : undefined));
    renderRoutes(routes, '/score/result');
    expect(screen.getByRole('heading', { level: 1, name: 'Meus resultados' })).not.toBeNull();

    const mental = await screen.findByRole('region', { name: 'Saúde Mental' }, { timeout: 5000 });
    expect(scoreOf(mental)).toBe('80 de 100 pontos');
    expect(within(mental).getByText('Bom')).not.toBeNull();
    expect(within(mental).getByText(SCORE_DICAS['Saúde Mental'].bom)).not.toBeNull();
    expect(within(mental).getByText('Respondido em 20/11/2026')).not.toBeNull();
    expect(within(mental).getByRole('img').getAttribute('aria-label')).toBe(
      'Seus últimos 2 resultados. 10/11/2026: 40 pontos; 20/11/2026: 80 pontos.',
    );

    // 02:30 UTC on the 21st is still the 20th in São Paulo.
    const fisica = screen.getByRole('region', { name: 'Saúde Física' });
    expect(within(fisica).getByText('Abaixo do esperado')).not.toBeNull();
    expect(within(fisica).getByText(SCORE_DICAS['Saúde Física'].abaixo)).not.toBeNull();
    expect(within(fisica).getByText('Respondido em 20/11/2026')).not.toBeNull();

    const vida = screen.getByRole('region', { name: 'Qualidade de Vida' });
    expect(within(vida).getByText(SCORE_MESSAGES.naoRespondido)).not.toBeNull();
    expect(within(vida).queryByRole('img')).toBeNull();
    expect(
      within(vida)
        .getByRole('link', { name: 'Responder agora ao questionário de Qualidade de Vida' })
        .getAttribute('href'),
    ).toBe('/score-questions?categoria=Qualidade+de+Vida');

    const media = screen.getByRole('region', { name: 'Média geral' });
    expect(scoreOf(media)).toBe('35,00 de 100 pontos');
    expect(within(media).getByText('Precisa de atenção')).not.toBeNull();
    expect(within(media).getByText(SCORE_DICAS['Média geral'].atencao)).not.toBeNull();
    expect(within(media).getByRole('img').getAttribute('aria-label')).toBe(
      'Cada área e a média geral. Saúde Mental: 80 pontos; Saúde Física: 25 pontos; Qualidade de Vida: 0 pontos; Média geral: 35,00 pontos.',
    );
    expect(screen.getByRole('link', { name: 'Responder questionário' }).getAttribute('href')).toBe(
      '/score-questions',
    );
  });

  it('says nothing was answered yet when there are no results', async () => {
    setToken('t');
    stubApi(({ url }) =>
      url === '/api/score/result'
        ? jsonResponse({
            pointsScore: RESULTS.pointsScore.map((r) => ({
              ...r,
              pontuacao: null,
              faixa: null,
              created_at: null,
              historico: [],
            })),
            media: { pontuacao: 0, faixa: null, respondidas: 0 },
          })
        : undefined,
    );
    renderRoutes(routes, '/score/result');
    expect(await screen.findAllByText(SCORE_MESSAGES.naoRespondido, {}, { timeout: 5000 })).toHaveLength(3);
    expect(screen.getByText(SCORE_MESSAGES.mediaVazia)).not.toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
