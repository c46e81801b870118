import { describe, expect, it } from 'vitest';
import {
  checkScoreMaximo,
  contentHtmlResumo,
  DicaInputSchema,
  FaqInputSchema,
  isCompleteOrder,
  isSafeContentHref,
  CONTEUDO_ADMIN_MESSAGES as M,
  OrdemInputSchema,
  PaginaInputSchema,
  ScoreQuestionCreateSchema,
  ScoreQuestionInputSchema,
} from './conteudo.ts';

const firstError = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('FaqInputSchema', () => {
  it('accepts a question of 5 and of 300 characters, trimmed, published by default', () => {
    const ok = FaqInputSchema.parse({ question: '  Pode?  ', answer: ' Sim. ' });
    expect(ok).toEqual({ question: 'Pode?', answer: 'Sim.', ativo: true });
    expect(FaqInputSchema.safeParse({ question: 'x'.repeat(300), answer: 'a' }).success).toBe(true);
  });
  it('refuses 4 or 301 characters, an empty answer and an answer over 5000', () => {
    expect(firstError(FaqInputSchema.safeParse({ question: 'Pod?', answer: 'a' }))).toBe(M.faqQuestion);
    expect(firstError(FaqInputSchema.safeParse({ question: 'x'.repeat(301), answer: 'a' }))).toBe(
      M.faqQuestion,
    );
    expect(firstError(FaqInputSchema.safeParse({ question: 'Pode mesmo?', answer: '   ' }))).toBe(
      M.faqAnswerRequired,
    );
    expect(firstError(FaqInputSchema.safeParse({ question: 'Pode mesmo?', answer: 'a'.repeat(5001) }))).toBe(
      M.faqAnswer,
    );
    expect(FaqInputSchema.safeParse({ question: 'Pode mesmo?', answer: 'a'.repeat(5000) }).success).toBe(
      true,
    );
  });
});

describe('DicaInputSchema', () => {
  it('takes a title of 3 to 200 characters and a text up to 5000', () => {
    expect(DicaInputSchema.safeParse({ title: 'Sol', content: 'Use protetor.', ativo: false }).success).toBe(
      true,
    );
    expect(firstError(DicaInputSchema.safeParse({ title: 'So', content: 'x' }))).toBe(M.dicaTitle);
    expect(firstError(DicaInputSchema.safeParse({ title: 'x'.repeat(201), content: 'x' }))).toBe(M.dicaTitle);
    expect(firstError(DicaInputSchema.safeParse({ title: 'Sol', content: '' }))).toBe(M.dicaContentRequired);
    expect(firstError(DicaInputSchema.safeParse({ title: 'Sol', content: 'x'.repeat(5001) }))).toBe(
      M.dicaContent,
    );
  });
});

describe('ordering', () => {
  it('needs every id once', () => {
    expect(OrdemInputSchema.safeParse({ ids: [3, 1, 2] }).success).toBe(true);
    expect(firstError(OrdemInputSchema.safeParse({ ids: [1, 1] }))).toBe(M.ordem);
    expect(firstError(OrdemInputSchema.safeParse({ ids: [] }))).toBe(M.ordem);
    expect(isCompleteOrder([3, 1, 2], [1, 2, 3])).toBe(true);
    expect(isCompleteOrder([1, 2], [1, 2, 3])).toBe(false);
    expect(isCompleteOrder([1, 2, 4], [1, 2, 3])).toBe(false);
  });
});

describe('isSafeContentHref', () => {
  it('keeps http, https, mailto and paths of the app', () => {
    for (const href of [
      'https://www.gov.br/anpd',
      'http://exemplo.com',
      'MAILTO:a@b.br',
      '/politica-de-privacidade',
    ]) {
      expect(isSafeContentHref(href), href).toBe(true);
    }
  });
  it('refuses javascript:, data:, vbscript:, protocol-relative and disguised schemes', () => {
    for (const href of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      '\u0001javascript:alert(1)',
      'data:text/html,oi',
      'vbscript:msgbox',
      '//evil.example',
      '/\\evil.example',
      'ftp://x',
      'relativo',
    ]) {
      expect(isSafeContentHref(href), href).toBe(false);
    }
  });
});

describe('PaginaInputSchema and contentHtmlResumo', () => {
  it('refuses a page with no visible text or over 200 000 characters', () => {
    expect(firstError(PaginaInputSchema.safeParse({ html: '<p> </p><p>&nbsp;</p>' }))).toBe(M.paginaVazia);
    expect(firstError(PaginaInputSchema.safeParse({ html: `<p>${'x'.repeat(200_000)}</p>` }))).toBe(
      M.paginaLonga,
    );
    expect(PaginaInputSchema.safeParse({ html: '<p>Oi</p>' }).success).toBe(true);
  });
  it('summarises HTML by its length and the start of its text', () => {
    const html = `<h2>Termos</h2><p>${'a'.repeat(300)}</p>`;
    const resumo = contentHtmlResumo(html);
    expect(resumo.caracteres).toBe(html.length);
    expect(resumo.inicio).toHaveLength(120);
    expect(resumo.inicio.startsWith('Termos a')).toBe(true);
  });
});

describe('ScoreQuestionInputSchema', () => {
  const alt = (texto: string, pontos: number) => ({ texto, pontos });
  it('takes 2 to 8 alternatives worth 0 to 100 whole points', () => {
    expect(
      ScoreQuestionInputSchema.safeParse({
        questoes: 'Dorme bem?',
        alternativas: [alt('Sim', 100), alt('Não', 0)],
      }).success,
    ).toBe(true);
    const eight = Array.from({ length: 8 }, (_, i) => alt(`Opção ${i}`, i));
    expect(ScoreQuestionInputSchema.safeParse({ questoes: 'Dorme bem?', alternativas: eight }).success).toBe(
      true,
    );
    const nine = Array.from({ length: 9 }, (_, i) => alt(`Opção ${i}`, i));
    expect(
      firstError(ScoreQuestionInputSchema.safeParse({ questoes: 'Dorme bem?', alternativas: nine })),
    ).toBe(M.alternativasQuantidade);
    expect(
      firstError(
        ScoreQuestionInputSchema.safeParse({ questoes: 'Dorme bem?', alternativas: [alt('Sim', 1)] }),
      ),
    ).toBe(M.alternativasQuantidade);
  });
  it('refuses points of -1, 101 or 2.5, a repeated alternative and a short question', () => {
    for (const pontos of [-1, 101, 2.5]) {
      expect(
        firstError(
          ScoreQuestionInputSchema.safeParse({
            questoes: 'Dorme bem?',
            alternativas: [alt('Sim', pontos), alt('Não', 0)],
          }),
        ),
      ).toBe(M.pontos);
    }
    expect(
      firstError(
        ScoreQuestionInputSchema.safeParse({
          questoes: 'Dorme bem?',
          alternativas: [alt('Sim', 1), alt(' sim ', 0)],
        }),
      ),
    ).toBe(M.alternativaRepetida);
    expect(
      firstError(
        ScoreQuestionInputSchema.safeParse({
          questoes: 'Dor?',
          alternativas: [alt('Sim', 1), alt('Não', 0)],
        }),
      ),
    ).toBe(M.questao);
  });
  it('needs one of the three categories when creating', () => {
    const body = { questoes: 'Dorme bem?', alternativas: [alt('Sim', 1), alt('Não', 0)] };
    expect(ScoreQuestionCreateSchema.safeParse({ ...body, categoria: 'Saúde Mental' }).success).toBe(true);
    expect(firstError(ScoreQuestionCreateSchema.safeParse({ ...body, categoria: 'Outra' }))).toBe(
      M.categoria,
    );
  });
});

describe('checkScoreMaximo', () => {
  const q = (id: number, ...pontos: number[]) => ({ id, alternativas: pontos.map((p) => ({ pontos: p })) });
  it('lets a category reach exactly 100 and stay below it, and refuses 101', () => {
    expect(checkScoreMaximo('Saúde Física', [q(1, 0, 50), q(2, 10, 50)])).toBeNull();
    expect(checkScoreMaximo('Saúde Física', [q(1, 0, 40)])).toBeNull();
    expect(checkScoreMaximo('Saúde Física', [q(1, 0, 50), q(2, 51, 3)])).toContain('seria 101 pontos');
  });
});
