import { SCORE_MESSAGES, type ScoreQuestionView } from '@pulso/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/token.ts';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import { stubApi } from '../../test/stub-api.ts';
import { ESCOLHA_HINT } from './score-questionnaire.tsx';
import ScoreQuestionsPage from './score-questions-page.tsx';

const routes = [
  { path: '/score-questions', element: <ScoreQuestionsPage /> },
  { path: '/score/result', element: <h1>Resultados</h1> },
];

afterEach(() => {
  vi.unstubAllGlobals();
});

const alternativas = [
  { texto: 'Sempre', pontos: 10 },
  { texto: 'Às vezes', pontos: 5 },
  { texto: 'Nunca', pontos: 0 },
];
const QUESTIONS: ScoreQuestionView[] = [
  { id: 11, categoria: 'Saúde Física', questoes: 'Você caminha?', alternativas },
  { id: 12, categoria: 'Saúde Física', questoes: 'Você bebe água?', alternativas },
  { id: 13, categoria: 'Saúde Física', questoes: 'Você dorme bem?', alternativas },
];

/** A fake API: the questions of 'Saúde Física', none for the others, and the POST's answer. */
function api(post: () => Response = () => jsonResponse({ message: SCORE_MESSAGES.saved, result: {} }, 201)) {
  return stubApi(({ url, method }) => {
    if (method === 'GET' && url.startsWith('/api/questions?categoria=')) {
      const categoria = decodeURIComponent(url.split('=')[1] ?? '');
      const scoreQuestions = categoria === 'Saúde Física' ? QUESTIONS : [];
      return jsonResponse({ scoreQuestions, quizQuestions: [] });
    }
    if (method === 'POST' && url === '/api/score/result') return post();
    return undefined;
  });
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;

async function openCategoria(name: string) {
  fireEvent.click(button(name));
  expect(button(name).getAttribute('aria-pressed')).toBe('true');
}

describe('/score-questions (docs/indicators-and-score.md "Answering")', () => {
  it('offers the three categories and a way to the results', async () => {
    setToken('t');
    const { calls } = api();
    renderRoutes(routes, '/score-questions');
    expect(screen.getByRole('heading', { level: 1, name: 'Score de saúde' })).not.toBeNull();
    for (const c of ['Saúde Mental', 'Saúde Física', 'Qualidade de Vida']) {
      expect(button(c).getAttribute('aria-pressed')).toBe('false');
    }
    expect(screen.getByRole('link', { name: 'Meus resultados' }).getAttribute('href')).toBe('/score/result');
    // Nothing is asked before a category is chosen.
    expect(calls).toEqual([]);
  });

  it('shows one question at a time; Próxima is disabled until an alternative is chosen; the counter moves', async () => {
    setToken('t');
    api();
    renderRoutes(routes, '/score-questions');
    await openCategoria('Saúde Física');

    const heading = await screen.findByRole(
      'heading',
      { level: 2, name: /Pergunta 1\/3/ },
      { timeout: 5000 },
    );
    expect(heading.textContent).toContain('Você caminha?');
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getAllByRole('radio')).toHaveLength(3);
    expect(screen.getByRole('radiogroup', { name: 'Você caminha?' })).not.toBeNull();
    expect(screen.getByText(ESCOLHA_HINT)).not.toBeNull();
    expect(button('Próxima').disabled).toBe(true);
    expect(button('Voltar').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Enviar' })).toBeNull();

    // Submitting the form (Enter) without an answer does not move on either.
    fireEvent.submit(button('Próxima').closest('form') as HTMLFormElement);
    expect(screen.getByRole('heading', { level: 2, name: /Pergunta 1\/3/ })).not.toBeNull();

    fireEvent.click(radio('Às vezes'));
    expect(button('Próxima').disabled).toBe(false);
    expect(screen.queryByText(ESCOLHA_HINT)).toBeNull();
    fireEvent.click(button('Próxima'));

    const second = screen.getByRole('heading', { level: 2, name: /Pergunta 2\/3/ });
    expect(second.textContent).toContain('Você bebe água?');
    await waitFor(() => expect(document.activeElement).toBe(second));
    expect(screen.getAllByRole('radio').every((r) => !(r as HTMLInputElement).checked)).toBe(true);
    expect(button('Próxima').disabled).toBe(true);
    expect(button('Voltar').disabled).toBe(false);
  });

  it('Voltar goes back with the answer kept, and a changed answer is what is sent', async () => {
    setToken('t');
    const { calls } = api();
    renderRoutes(routes, '/score-questions');
    await openCategoria('Saúde Física');
    await screen.findByRole('heading', { level: 2, name: /Pergunta 1\/3/ }, { timeout: 5000 });

    fireEvent.click(radio('Sempre'));
    fireEvent.click(button('Próxima'));
    fireEvent.click(radio('Nunca'));
    fireEvent.click(button('Voltar'));

    expect(screen.getByRole('heading', { level: 2, name: /Pergunta 1\/3/ })).not.toBeNull();
    expect(radio('Sempre').checked).toBe(true);
    expect(button('Próxima').disabled).toBe(false);
    fireEvent.click(radio('Às vezes'));
    fireEvent.click(button('Próxima'));
    // The second answer is still there after going back and forth.
    expect(radio('Nunca').checked).toBe(true);
    fireEvent.click(button('Próxima'));

    // The last question: Enviar instead of Próxima, disabled until answered.
    expect(screen.getByRole('heading', { level: 2, name: /Pergunta 3\/3/ })).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Próxima' })).toBeNull();
    expect(button('Enviar').disabled).toBe(true);
    fireEvent.click(radio('Sempre'));
    expect(button('Enviar').disabled).toBe(false);
    fireEvent.click(button('Enviar'));

    // Sent: each answer as the chosen position, and the sum 5 + 0 + 10; then the results screen.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Resultados' }, { timeout: 5000 }),
    ).not.toBeNull();
    expect(await screen.findByText(SCORE_MESSAGES.saved, {}, { timeout: 5000 })).not.toBeNull();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toEqual([
      {
        url: '/api/score/result',
        method: 'POST',
        body: {
          categoria: 'Saúde Física',
          respostas: [
            { question_id: 11, alternativa: 1 },
            { question_id: 12, alternativa: 2 },
            { question_id: 13, alternativa: 0 },
          ],
          pontuacao: 15,
        },
      },
    ]);
  });

  it("the alternatives are native radios of one name, so the browser's arrow keys move between them", async () => {
    setToken('t');
    api();
    renderRoutes(routes, '/score-questions');
    await openCategoria('Saúde Física');
    await screen.findByRole('heading', { level: 2, name: /Pergunta 1\/3/ }, { timeout: 5000 });
    const names = screen.getAllByRole('radio').map((r) => (r as HTMLInputElement).name);
    expect(new Set(names).size).toBe(1);
    expect(names[0]).not.toBe('');
  });

  it('says there are no questions yet for a category without any, and stays on the page', async () => {
    setToken('t');
    api();
    renderRoutes(routes, '/score-questions');
    await openCategoria('Qualidade de Vida');
    expect(await screen.findByText(SCORE_MESSAGES.semPerguntas, {}, { timeout: 5000 })).not.toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Próxima' })).toBeNull();
  });

  it('opens the category named in the address (?categoria=), as the results cards link to it', async () => {
    setToken('t');
    api();
    renderRoutes(routes, '/score-questions?categoria=Sa%C3%BAde%20F%C3%ADsica');
    expect(button('Saúde Física').getAttribute('aria-pressed')).toBe('true');
    const heading = await screen.findByRole(
      'heading',
      { level: 2, name: /Pergunta 1\/3/ },
      { timeout: 5000 },
    );
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('starts afresh when another category is chosen', async () => {
    setToken('t');
    api();
    renderRoutes(routes, '/score-questions');
    await openCategoria('Saúde Física');
    await screen.findByRole('heading', { level: 2, name: /Pergunta 1\/3/ }, { timeout: 5000 });
    fireEvent.click(radio('Sempre'));
    fireEvent.click(button('Próxima'));
    await openCategoria('Saúde Mental');
    expect(button('Saúde Física').getAttribute('aria-pressed')).toBe('false');
    expect(await screen.findByText(SCORE_MESSAGES.semPerguntas, {}, { timeout: 5000 })).not.toBeNull();
    await openCategoria('Saúde Física');
    expect(
      await screen.findByRole('heading', { level: 2, name: /Pergunta 1\/3/ }, { timeout: 5000 }),
    ).not.toBeNull();
    expect(radio('Sempre').checked).toBe(false);
  });

  it("keeps the answers and shows the server's message when sending fails", async () => {
    setToken('t');
    api(() =>
      jsonResponse(
        {
          message: SCORE_MESSAGES.pontuacaoDivergente,
          errors: { pontuacao: [SCORE_MESSAGES.pontuacaoDivergente] },
        },
        422,
      ),
    );
    renderRoutes(routes, '/score-questions');
    await openCategoria('Saúde Física');
    await screen.findByRole('heading', { level: 2, name: /Pergunta 1\/3/ }, { timeout: 5000 });
    for (let i = 0; i < 2; i++) {
      fireEvent.click(radio('Sempre'));
      fireEvent.click(button('Próxima'));
    }
    fireEvent.click(radio('Nunca'));
    fireEvent.click(button('Enviar'));
    expect(await screen.findByText(SCORE_MESSAGES.pontuacaoDivergente, {}, { timeout: 5000 })).not.toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: /Pergunta 3\/3/ })).not.toBeNull();
    expect(radio('Nunca').checked).toBe(true);
  });

  it('shows the loading state, then the error with Tentar novamente', async () => {
    setToken('t');
    let fail = true;
    stubApi(({ url }) => {
      if (!url.startsWith('/api/questions')) return undefined;
      if (fail) return jsonResponse({ message: 'Falhou.' }, 500);
      return jsonResponse({ scoreQuestions: QUESTIONS, quizQuestions: [] });
    });
    renderRoutes(routes, '/score-questions');
    fireEvent.click(button('Saúde Física'));
    expect(screen.getByRole('status').textContent).toContain('Carregando');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(within(alert).getByText('Não foi possível carregar as perguntas')).not.toBeNull();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: /Pergunta 1\/3/ }, { timeout: 5000 }),
    ).not.toBeNull();
  });
});
