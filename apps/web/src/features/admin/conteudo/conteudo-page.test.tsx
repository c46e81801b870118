import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes } from '../../../test/render.tsx';
import { stubApi } from '../../../test/stub-api.ts';
import ConteudoPage from './conteudo-page.tsx';

const faqs = [
  {
    id: 1,
    question: 'O que é o Pulso?',
    answer: 'Um prontuário.',
    ordem: 1,
    ativo: true,
    updated_at: '2026-11-22T12:00:00.000Z',
  },
  {
    id: 2,
    question: 'Como cancelo?',
    answer: 'Em Planos.',
    ordem: 2,
    ativo: false,
    updated_at: '2026-11-22T12:00:00.000Z',
  },
];

const alt = (texto: string, pontos: number) => ({ texto, pontos });
const questions = Array.from({ length: 10 }, (_, i) => ({
  id: i + 1,
  categoria: 'Saúde Mental',
  questoes: `Pergunta número ${i + 1}?`,
  alternativas: [alt('Sempre', 10), alt('Nunca', 0)],
  ordem: i + 1,
  ativa: true,
}));
const score = {
  categorias: [
    {
      categoria: 'Saúde Mental',
      maximo: 100,
      questions,
      quizzes: [{ id: 1, id_questions: questions.map((q) => q.id) }],
    },
    { categoria: 'Saúde Física', maximo: 0, questions: [], quizzes: [] },
    { categoria: 'Qualidade de Vida', maximo: 0, questions: [], quizzes: [] },
  ],
};

function stub() {
  return stubApi(({ url, method }) => {
    if (url.endsWith('/admin/conteudo/faqs') && method === 'GET') return jsonResponse({ faqs });
    if (url.endsWith('/admin/conteudo/score') && method === 'GET') return jsonResponse(score);
    if (url.endsWith('/admin/conteudo/dicas') && method === 'GET') return jsonResponse({ dicas: [] });
    if (method === 'POST') return jsonResponse({ message: 'Dica salva.' }, 201);
    if (method === 'PUT') return jsonResponse({ message: 'Salvo.' });
    if (url.endsWith('/admin/conteudo/paginas/termos')) {
      return jsonResponse({
        slug: 'termos',
        titulo: 'Termos de uso',
        html: '<h2>Regras</h2><p>Texto <strong>forte</strong>.</p>',
        updated_at: '2026-11-23T15:00:00.000Z',
        updated_by: 'admin@pulso.test',
      });
    }
    return undefined;
  });
}

const renderAt = (path: string) =>
  renderRoutes([{ path: '/admin/conteudo', element: <ConteudoPage /> }], path);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ConteudoPage (issue 9 "Content")', () => {
  it('lists the FAQs with their state and saves an edit with the published switch as it was', async () => {
    const { calls } = stub();
    renderAt('/admin/conteudo');
    expect(await screen.findByText('O que é o Pulso?')).toBeTruthy();
    expect(screen.getByText('Oculta')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Editar: O que é o Pulso?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar pergunta' });
    expect((within(dialog).getByRole('switch', { name: /Publicada/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    const question = within(dialog).getByLabelText('Pergunta');
    fireEvent.change(question, { target: { value: 'Oi?' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Escreva a pergunta com 5 a 300 caracteres')).toBeTruthy();
    fireEvent.change(question, { target: { value: 'Oi? Tudo bem?' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toMatch(/\/api\/admin\/conteudo\/faqs\/1$/);
    expect(put?.body).toEqual({ question: 'Oi? Tudo bem?', answer: 'Um prontuário.', ativo: true });
  });

  it('moves an FAQ down by sending the whole new order', async () => {
    const { calls } = stub();
    renderAt('/admin/conteudo');
    fireEvent.click(await screen.findByRole('button', { name: 'Descer: O que é o Pulso?' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/faqs/ordem'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/faqs/ordem'))?.body).toEqual({ ids: [2, 1] });
    expect(
      (screen.getByRole('button', { name: 'Subir: O que é o Pulso?' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('adds a tip from the Dicas tab, published by default', async () => {
    const { calls } = stub();
    renderAt('/admin/conteudo?aba=dicas');
    expect(await screen.findByText('Nenhuma dica cadastrada.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Nova dica' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova dica' });
    fireEvent.change(within(dialog).getByLabelText('Título'), { target: { value: 'Lave as mãos' } });
    fireEvent.change(within(dialog).getByLabelText(/Texto da dica/), {
      target: { value: 'Com água e sabão.\n\nPor 20 segundos.' },
    });
    expect(within(dialog).getByText('Por 20 segundos.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toMatch(/\/api\/admin\/conteudo\/dicas$/);
    expect(post?.body).toEqual({
      title: 'Lave as mãos',
      content: 'Com água e sabão.\n\nPor 20 segundos.',
      ativo: true,
    });
  });

  it('asks before deleting an FAQ', async () => {
    const { calls } = stub();
    renderAt('/admin/conteudo');
    fireEvent.click(await screen.findByRole('button', { name: 'Excluir: Como cancelo?' }));
    const confirm = await screen.findByRole('dialog', { name: 'Excluir pergunta' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('keeps a score question from taking its category past 100 points', async () => {
    const { calls } = stub();
    renderAt('/admin/conteudo?aba=score');
    expect((await screen.findByText(/Pontuação máxima de Saúde Mental:/)).textContent).toContain(
      'Pontuação máxima de Saúde Mental: 100 de 100 pontos',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Editar a pergunta 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar pergunta do score' });
    const pontos = within(dialog).getByLabelText('Pontos da alternativa 1');
    fireEvent.change(pontos, { target: { value: '11' } });
    expect(await within(dialog).findByText(/seria 101 pontos/)).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Salvar' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(pontos, { target: { value: '9' } });
    expect(await within(dialog).findByText(/fica 99 de 100/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      questoes: 'Pergunta número 1?',
      alternativas: [alt('Sempre', 9), alt('Nunca', 0)],
      ativa: true,
    });
  });

  it('shows the terms in the editor with a labelled toolbar, and a preview', async () => {
    stub();
    renderAt('/admin/conteudo?aba=termos');
    const toolbar = await screen.findByRole('toolbar', { name: 'Formatação: Termos de uso' });
    for (const name of [
      'Negrito',
      'Itálico',
      'Título',
      'Subtítulo',
      'Lista com marcadores',
      'Lista numerada',
      'Link',
    ]) {
      // The caret starts in the page's first line, a heading: only 'Título' is on.
      expect(within(toolbar).getByRole('button', { name }).getAttribute('aria-pressed')).toBe(
        name === 'Título' ? 'true' : 'false',
      );
    }
    expect(screen.getByRole('textbox', { name: 'Texto: Termos de uso' }).textContent).toContain('Regras');
    expect(screen.getByText(/por admin@pulso\.test/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Publicar' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByText('Pré-visualizar'));
    const preview = await screen.findByRole('region', { name: 'Pré-visualização' });
    expect(within(preview).getByText('forte').tagName).toBe('STRONG');
  });
});
