import { z } from 'zod';
import { SCORE_CATEGORIAS, SCORE_PONTUACAO_MAX, type ScoreCategoria, scoreMaximo } from '../score/score.ts';
import { CONTENT_SLUGS } from '../settings/schemas.ts';

/**
 * The content the staff edit in /admin/conteudo (issue 9 "Content"): the
 * FAQs of /faqs, the tips of /dicas, the terms of use and privacy policy
 * (HTML), and the score questionnaires (questions, alternatives, points,
 * quizzes). Rules and pt-BR messages, shared by the server's bodies and the
 * web's forms.
 */

/** Limits of the plain-text fields (characters, after trimming). */
export const CONTEUDO_LIMITS = {
  faqQuestionMin: 5,
  faqQuestionMax: 300,
  faqAnswerMax: 5000,
  dicaTitleMin: 3,
  dicaTitleMax: 200,
  dicaContentMax: 5000,
  /** The HTML of a legal page as sent by the editor (characters, before sanitising). */
  paginaHtmlMax: 200_000,
  questaoMin: 5,
  questaoMax: 500,
  alternativaTextoMax: 200,
  alternativasMin: 2,
  alternativasMax: 8,
  /** Most rows a reordering may list. */
  ordemMax: 500,
} as const;

const L = CONTEUDO_LIMITS;

/** pt-BR messages of the content editor. */
export const CONTEUDO_ADMIN_MESSAGES = {
  faqQuestion: `Escreva a pergunta com ${L.faqQuestionMin} a ${L.faqQuestionMax} caracteres`,
  faqAnswer: `Escreva a resposta com até ${L.faqAnswerMax} caracteres`,
  faqAnswerRequired: 'Escreva a resposta',
  dicaTitle: `Escreva o título com ${L.dicaTitleMin} a ${L.dicaTitleMax} caracteres`,
  dicaContent: `Escreva o texto da dica com até ${L.dicaContentMax} caracteres`,
  dicaContentRequired: 'Escreva o texto da dica',
  paginaVazia: 'Escreva o texto da página',
  paginaLonga: 'O texto está longo demais',
  ordem: 'Envie a lista completa dos itens, cada um uma vez',
  questao: `Escreva a pergunta com ${L.questaoMin} a ${L.questaoMax} caracteres`,
  alternativaTexto: `Escreva a alternativa com 1 a ${L.alternativaTextoMax} caracteres`,
  alternativasQuantidade: `Cada pergunta tem de ${L.alternativasMin} a ${L.alternativasMax} alternativas`,
  alternativaRepetida: 'Duas alternativas não podem ter o mesmo texto',
  pontos: `Informe de 0 a ${SCORE_PONTUACAO_MAX} pontos, número inteiro`,
  categoria: 'Escolha uma categoria',
  faqNotFound: 'Pergunta não encontrada',
  dicaNotFound: 'Dica não encontrada',
  questaoNotFound: 'Pergunta do score não encontrada',
  faqSaved: 'Pergunta salva.',
  faqDeleted: 'Pergunta excluída.',
  dicaSaved: 'Dica salva.',
  dicaDeleted: 'Dica excluída.',
  paginaSaved: 'Texto publicado.',
  ordemSaved: 'Ordem salva.',
  questaoSaved: 'Pergunta do score salva.',
} as const;

const M = CONTEUDO_ADMIN_MESSAGES;

/** A required plain-text field, trimmed, of `min`–`max` characters. */
const text = (min: number, max: number, message: string, requiredMessage = message) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(min, min <= 1 ? requiredMessage : message)
    .max(max, message);

/** `ativo`: published (shown to patients) or hidden; absent means published. */
const ativo = z.boolean().default(true);

/**
 * A frequently asked question as staff write it
 * (docs/indicators-and-score.md "Tips and FAQ": question, answer): `question`
 * 5–300 characters, `answer` 1–5000 characters of plain text (blank lines
 * split paragraphs on /faqs), `ativo` shown on /faqs.
 */
export const FaqInputSchema = z.object({
  question: text(L.faqQuestionMin, L.faqQuestionMax, M.faqQuestion),
  answer: text(1, L.faqAnswerMax, M.faqAnswer, M.faqAnswerRequired),
  ativo,
});
export type FaqInput = z.input<typeof FaqInputSchema>;
export type FaqInputBody = z.output<typeof FaqInputSchema>;

/**
 * A health tip as staff write it (docs/indicators-and-score.md
 * "Tips and FAQ": title, content): `title` 3–200 characters, `content` 1–5000
 * characters of plain text, `ativo` shown on /dicas.
 */
export const DicaInputSchema = z.object({
  title: text(L.dicaTitleMin, L.dicaTitleMax, M.dicaTitle),
  content: text(1, L.dicaContentMax, M.dicaContent, M.dicaContentRequired),
  ativo,
});
export type DicaInput = z.input<typeof DicaInputSchema>;
export type DicaInputBody = z.output<typeof DicaInputSchema>;

/** A FAQ or a tip as the admin list shows it (`updated_at` ISO). */
export const FaqAdminSchema = z.object({
  id: z.number().int(),
  question: z.string(),
  answer: z.string(),
  ordem: z.number().int(),
  ativo: z.boolean(),
  updated_at: z.string(),
});
export type FaqAdmin = z.output<typeof FaqAdminSchema>;

export const DicaAdminSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  ordem: z.number().int(),
  ativo: z.boolean(),
  updated_at: z.string(),
});
export type DicaAdmin = z.output<typeof DicaAdminSchema>;

/** A new order: every id of the list, once, first shown first. */
export const OrdemInputSchema = z.object({
  ids: z
    .array(z.number().int().positive(), { error: M.ordem })
    .min(1, M.ordem)
    .max(L.ordemMax, M.ordem)
    .refine((ids) => new Set(ids).size === ids.length, M.ordem),
});
export type OrdemInput = z.output<typeof OrdemInputSchema>;

/** Whether `ids` lists exactly the rows `existing` (same ids, each once, any order). */
export function isCompleteOrder(ids: readonly number[], existing: readonly number[]): boolean {
  if (ids.length !== existing.length || new Set(ids).size !== ids.length) return false;
  const have = new Set(existing);
  return ids.every((id) => have.has(id));
}

// ---------------------------------------------------------------------------
// Legal pages (terms of use, privacy policy)

/**
 * The only HTML a legal page may keep (issue 9 "terms of use, privacy
 * policy (HTML edited with a sanitising editor)"): what the editor's
 * toolbar makes. Every other tag is dropped (its text kept, but a script's
 * or a style's), and every attribute but a link's `href`.
 */
export const CONTENT_HTML_TAGS = ['p', 'h2', 'h3', 'strong', 'em', 'ul', 'ol', 'li', 'a', 'br'] as const;

/** Schemes a link of a legal page may use; besides them only paths of the app (`/politica-de-privacidade`). */
export const CONTENT_HREF_SCHEMES = ['http', 'https', 'mailto'] as const;

/**
 * Whether `href` may stay on a link of a legal page: `http:`, `https:` or
 * `mailto:`, or a path of the app (`/…`, never `//host`). Everything else —
 * `javascript:`, `data:`, `vbscript:`, protocol-relative — is refused,
 * whatever its case or the blanks and control characters before it.
 */
export function isSafeContentHref(href: string): boolean {
  // Browsers ignore control characters and blanks inside a scheme: strip them before judging.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters browsers skip
  const cleaned = href.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (/^\/(?![/\\])/.test(cleaned)) return true;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(cleaned)?.[1]?.toLowerCase();
  return scheme !== undefined && (CONTENT_HREF_SCHEMES as readonly string[]).includes(scheme);
}

/** The visible text of an HTML fragment: tags removed, entities of spaces folded, blanks collapsed. */
export function contentHtmlText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The body of `PUT /api/admin/conteudo/paginas/:slug`: the editor's HTML,
 * at most 200 000 characters, with some visible text. The server sanitises
 * it before storing; it never trusts what the browser sent.
 */
export const PaginaInputSchema = z.object({
  html: z
    .string({ error: M.paginaVazia })
    .max(L.paginaHtmlMax, M.paginaLonga)
    .refine((html) => contentHtmlText(html) !== '', M.paginaVazia),
});
export type PaginaInput = z.output<typeof PaginaInputSchema>;

/** A legal page's slug in a path (`termos`, `politica`). */
export const PaginaSlugSchema = z.enum(CONTENT_SLUGS);

/**
 * What the audit log keeps of a page's HTML (never the whole text): its
 * length in characters and the first 120 characters of its visible text.
 */
export function contentHtmlResumo(html: string): { caracteres: number; inicio: string } {
  return { caracteres: html.length, inicio: contentHtmlText(html).slice(0, 120) };
}

/** A legal page as the editor loads it: who edited it last (`null` when never edited in the area). */
export const PaginaAdminSchema = z.object({
  slug: PaginaSlugSchema,
  titulo: z.string(),
  html: z.string(),
  updated_at: z.string(),
  updated_by: z.string().nullable(),
});
export type PaginaAdmin = z.output<typeof PaginaAdminSchema>;

// ---------------------------------------------------------------------------
// Score questionnaires

/**
 * A category named exactly as in docs/indicators-and-score.md "Questionnaires" (the editor sends it from a
 * list).
 */
export const ScoreCategoriaExataSchema = z.enum(SCORE_CATEGORIAS, { error: M.categoria });

/** An alternative: its text (1–200 characters) and its points (whole, 0–100). */
export const ScoreAlternativaInputSchema = z.object({
  texto: text(1, L.alternativaTextoMax, M.alternativaTexto),
  pontos: z.number({ error: M.pontos }).int(M.pontos).min(0, M.pontos).max(SCORE_PONTUACAO_MAX, M.pontos),
});

/**
 * A question of a score questionnaire (docs/indicators-and-score.md
 * "Health score": `questoes`, `alternativas` with `texto` and `pontos`): the
 * text 5–500 characters; 2 to 8 alternatives with distinct texts; `ativa`
 * whether a quiz holds it (a question in no quiz is a draft, never served —
 * docs/payments-and-admin.md "Content").
 */
export const ScoreQuestionInputSchema = z.object({
  questoes: text(L.questaoMin, L.questaoMax, M.questao),
  alternativas: z
    .array(ScoreAlternativaInputSchema, { error: M.alternativasQuantidade })
    .min(L.alternativasMin, M.alternativasQuantidade)
    .max(L.alternativasMax, M.alternativasQuantidade)
    .superRefine((alternativas, ctx) => {
      const seen = new Set<string>();
      alternativas.forEach((a, i) => {
        const key = a.texto.toLocaleLowerCase('pt-BR');
        if (seen.has(key))
          ctx.addIssue({ code: 'custom', message: M.alternativaRepetida, path: [i, 'texto'] });
        seen.add(key);
      });
    }),
  ativa: z.boolean().default(true),
});
export type ScoreQuestionInput = z.input<typeof ScoreQuestionInputSchema>;
export type ScoreQuestionInputBody = z.output<typeof ScoreQuestionInputSchema>;

/** `POST /api/admin/conteudo/score/questions` body: a question and its category. */
export const ScoreQuestionCreateSchema = ScoreQuestionInputSchema.extend({
  categoria: ScoreCategoriaExataSchema,
});
export type ScoreQuestionCreate = z.input<typeof ScoreQuestionCreateSchema>;

/** The message refusing a questionnaire whose best answers would add up to more than 100 points. */
export function scoreMaximoMessage(categoria: ScoreCategoria, maximo: number): string {
  return `Com esta mudança, a pontuação máxima de ${categoria} seria ${maximo} pontos; o limite é ${SCORE_PONTUACAO_MAX}. Reduza os pontos de alguma alternativa.`;
}

/**
 * Checks the questions a category serves once a change is made
 * (docs/indicators-and-score.md "Health score": a category's score runs
 * 0–100): the best alternatives added (`scoreMaximo`) must not pass 100.
 * Answers `null` when the change may be saved, else the pt-BR message. A
 * maximum below 100 is allowed (a questionnaire being rewritten), and the
 * editor shows it.
 */
export function checkScoreMaximo(
  categoria: ScoreCategoria,
  served: readonly { id: number; alternativas: readonly { pontos: number }[] }[],
): string | null {
  const maximo = scoreMaximo(served);
  return maximo > SCORE_PONTUACAO_MAX ? scoreMaximoMessage(categoria, maximo) : null;
}

/** A question as the editor lists it: `ativa` when some quiz holds it. */
export const ScoreQuestionAdminSchema = z.object({
  id: z.number().int(),
  categoria: z.enum(SCORE_CATEGORIAS),
  questoes: z.string(),
  alternativas: z.array(z.object({ texto: z.string(), pontos: z.number().int() })),
  ordem: z.number().int(),
  ativa: z.boolean(),
});
export type ScoreQuestionAdmin = z.output<typeof ScoreQuestionAdminSchema>;

/** One category in the editor: its questions in order, its quizzes, and the most points its served questions give. */
export const ScoreCategoriaAdminSchema = z.object({
  categoria: z.enum(SCORE_CATEGORIAS),
  maximo: z.number().int(),
  questions: z.array(ScoreQuestionAdminSchema),
  quizzes: z.array(z.object({ id: z.number().int(), id_questions: z.array(z.number().int()) })),
});
export type ScoreCategoriaAdmin = z.output<typeof ScoreCategoriaAdminSchema>;
