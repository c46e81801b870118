import { z } from 'zod';
import { VALOR_MINIMO_CARTAO } from '../pagamentos/money.ts';
import { type Cupom, cupomProblema, normalizeCupomNome } from '../pagamentos/pedidos.ts';
import { isIsoDate, parseDateBR, todayInSaoPaulo } from '../shared/dates.ts';
import { cleanText } from '../shared/text.ts';

/**
 * The commercial part of the admin area's "Content" (issue 9): plans (name,
 * price, period, description, provider plan id), coupons (name, percent,
 * validity, use limit) and the single-consultation price
 * (`atendimento_valor`). Every amount is whole centavos
 * (docs/payments-and-admin.md "Prices"); a card cannot be charged under
 * {@link VALOR_MINIMO_CARTAO}.
 */

/** pt-BR messages of the plans, coupons and price forms. */
export const PRECOS_MESSAGES = {
  nome: 'Informe o nome do plano (até 120 caracteres)',
  preco: 'Informe um preço a partir de R$ 0,50 e até R$ 10.000,00',
  periodo: 'Escolha o período: mensal ou anual',
  tipo: 'Escolha o tipo do plano',
  descricao: 'A descrição pode ter até 2000 caracteres',
  stripePlan: 'Informe o identificador do plano no provedor de pagamento (letras, números, _ ou -, até 120)',
  stripePlanEmUso: 'Já existe um plano com este identificador no provedor de pagamento.',
  periodoComAssinantes:
    'Este plano tem assinaturas: o período não pode mudar. Crie um novo plano e desative este.',
  planoNaoEncontrado: 'Plano não encontrado.',
  planoCriado: 'Plano criado.',
  planoSalvo: 'Plano salvo.',
  cupomNome: 'Informe o nome do cupom: de 3 a 40 letras, números, _ ou -',
  cupomNomeEmUso: 'Já existe um cupom com este nome.',
  desconto: 'Informe o desconto: um percentual inteiro de 1 a 100',
  validoAte: 'Informe uma data válida (dd/mm/aaaa)',
  limiteUsos: 'Informe o limite de usos: um número inteiro de 1 a 1.000.000, ou deixe em branco',
  cupomNaoEncontrado: 'Cupom não encontrado.',
  cupomCriado: 'Cupom criado.',
  cupomSalvo: 'Cupom salvo.',
  atendimentoValor: 'Informe um valor a partir de R$ 0,50 e até R$ 10.000,00',
  atendimentoValorSalvo: 'Valor da consulta avulsa salvo.',
} as const;

/** Highest price an admin may set, in centavos (R$ 10.000,00): a typo guard. */
export const PRECO_MAXIMO = 1_000_000;

/** Most uses a coupon's limit may be. */
export const LIMITE_USOS_MAXIMO = 1_000_000;

/**
 * Plan types (`planos.tipo`; docs/payments-and-admin.md "Plans": type 1
 * includes teleconsultations, `planQuota`).
 */
export const PLANO_TIPOS = { 1: 'Com teleconsultas', 2: 'Sem teleconsultas' } as const;
export type PlanoTipo = keyof typeof PLANO_TIPOS;

/** pt-BR labels of a plan's period (docs/payments-and-admin.md "Plans": `periodo`). */
export const PERIODO_LABELS = { M: 'Mensal', A: 'Anual' } as const;

/**
 * Centavos from an amount typed in reais the Brazilian way: `'R$ 7,90'`,
 * `'7,9'`, `'1.234,56'`, `'12'` → 790, 790, 123456, 1200; `null` when it is
 * not an amount (letters, 3 decimals, a misplaced thousands dot, empty).
 */
export function parseReais(text: string): number | null {
  const t = text.replace(/^\s*R\$\s*/, '').trim();
  if (!/^(\d{1,3}(\.\d{3})+|\d+)(,\d{1,2})?$/.test(t)) return null;
  const [inteiro = '', decimais = ''] = t.replace(/\./g, '').split(',');
  const centavos = Number(inteiro) * 100 + Number(decimais.padEnd(2, '0'));
  return Number.isSafeInteger(centavos) ? centavos : null;
}

/**
 * A price field: whole centavos from `VALOR_MINIMO_CARTAO` (R$ 0,50, the
 * card minimum) to {@link PRECO_MAXIMO}. The API sends a number of
 * centavos; the web's form holds the typed text ('R$ 7,90'), read by
 * {@link parseReais} — one schema for both.
 */
function centavosField(message: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? (parseReais(v) ?? Number.NaN) : v),
    z.number({ error: message }).int(message).min(VALOR_MINIMO_CARTAO, message).max(PRECO_MAXIMO, message),
  );
}

const trimmed = (v: unknown) => (typeof v === 'string' ? cleanText(v).trim() : v);

/**
 * `POST /api/admin/planos` and `PUT /api/admin/planos/:id` body
 * (docs/payments-and-admin.md "Plans"): `nome` 1–120; `preco` centavos ≥
 * R$ 0,50; `periodo` M|A; `tipo` 1|2 ({@link PLANO_TIPOS}); `descricao` up to
 * 2000 (blank → null); `stripe_plan` the provider's plan/price id (letters,
 * digits, `_`, `-`, up to 120; in `stripe` mode a Stripe Price id); `ativo`
 * (inactive plans are not on sale). The form may send `tipo` as '1'/'2'.
 */
export const PlanoAdminSchema = z.object({
  nome: z.preprocess(
    trimmed,
    z.string({ error: PRECOS_MESSAGES.nome }).min(1, PRECOS_MESSAGES.nome).max(120, PRECOS_MESSAGES.nome),
  ),
  preco: centavosField(PRECOS_MESSAGES.preco),
  periodo: z.enum(['M', 'A'], { error: PRECOS_MESSAGES.periodo }),
  tipo: z.preprocess(
    (v) => (typeof v === 'string' && v !== '' ? Number(v) : v),
    z.union([z.literal(1), z.literal(2)], { error: PRECOS_MESSAGES.tipo }),
  ),
  descricao: z.preprocess((v) => {
    const t = trimmed(v);
    return t === '' || t === undefined ? null : t;
  }, z.string({ error: PRECOS_MESSAGES.descricao }).max(2000, PRECOS_MESSAGES.descricao).nullable()),
  stripe_plan: z.preprocess(
    trimmed,
    z
      .string({ error: PRECOS_MESSAGES.stripePlan })
      .regex(/^[A-Za-z0-9_-]{1,120}$/, PRECOS_MESSAGES.stripePlan),
  ),
  ativo: z.boolean().default(true),
});
export type PlanoAdmin = z.output<typeof PlanoAdminSchema>;

/** A plan as the admin lists it: the stored row with `assinaturas_ativas` (subscriptions in their period). */
export const PlanoAdminViewSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  preco: z.number().int(),
  periodo: z.enum(['M', 'A']),
  tipo: z.number().int(),
  descricao: z.string().nullable(),
  stripe_plan: z.string().nullable(),
  ativo: z.boolean(),
  assinaturas_ativas: z.number().int(),
});
export type PlanoAdminView = z.output<typeof PlanoAdminViewSchema>;

/**
 * The last instant of the day `iso` (YYYY-MM-DD) in São Paulo, when a coupon
 * "valid until" that day stops: 23:59:59.999 at UTC−3 (Brazil has had no
 * daylight saving time since 2019).
 */
export function fimDoDiaSaoPaulo(iso: string): Date {
  return new Date(`${iso}T23:59:59.999-03:00`);
}

/**
 * `POST /api/admin/cupons` and `PUT /api/admin/cupons/:id` body (issue 9
 * "coupons (name, percent, validity, use limit)"): `nome` normalised as
 * patients type it (`normalizeCupomNome`: trimmed, upper case), 3–40 of
 * `A-Z 0-9 _ -`; `desconto` whole percent 1–100; `valido_ate` a day
 * (YYYY-MM-DD, or dd/mm/aaaa as typed; the coupon works through its end in São Paulo) or null for no
 * end; `limite_usos` 1–1,000,000 or null for no limit; `ativo`.
 */
export const CupomAdminSchema = z.object({
  nome: z.preprocess(
    (v) => (typeof v === 'string' ? normalizeCupomNome(cleanText(v)) : v),
    z.string({ error: PRECOS_MESSAGES.cupomNome }).regex(/^[A-Z0-9_-]{3,40}$/, PRECOS_MESSAGES.cupomNome),
  ),
  desconto: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number({ error: PRECOS_MESSAGES.desconto })
      .int(PRECOS_MESSAGES.desconto)
      .min(1, PRECOS_MESSAGES.desconto)
      .max(100, PRECOS_MESSAGES.desconto),
  ),
  valido_ate: z.preprocess((v) => {
    if (v === '' || v === undefined) return null;
    // The form types the day as dd/mm/aaaa; the API sends YYYY-MM-DD.
    return typeof v === 'string' && v.includes('/') ? (parseDateBR(v) ?? v) : v;
  }, z.string({ error: PRECOS_MESSAGES.validoAte }).refine(isIsoDate, PRECOS_MESSAGES.validoAte).nullable()),
  limite_usos: z.preprocess((v) => {
    if (v === '' || v === undefined) return null;
    return typeof v === 'string' ? Number(v.replace(/\./g, '')) : v;
  }, z
    .number({ error: PRECOS_MESSAGES.limiteUsos })
    .int(PRECOS_MESSAGES.limiteUsos)
    .min(1, PRECOS_MESSAGES.limiteUsos)
    .max(LIMITE_USOS_MAXIMO, PRECOS_MESSAGES.limiteUsos)
    .nullable()),
  ativo: z.boolean().default(true),
});
export type CupomAdmin = z.output<typeof CupomAdminSchema>;

/** Where a coupon stands for the admin's list. */
export type CupomSituacao = 'ativo' | 'inativo' | 'expirado' | 'esgotado';

/** pt-BR labels of {@link CupomSituacao}. */
export const CUPOM_SITUACAO_LABELS: Readonly<Record<CupomSituacao, string>> = {
  ativo: 'Válido',
  inativo: 'Desativado',
  expirado: 'Expirado',
  esgotado: 'Esgotado',
};

/** A coupon's situation at `now`: deactivated first, then the checkout's own `cupomProblema`. */
export function cupomSituacao(cupom: Cupom & { ativo: boolean }, now: Date = new Date()): CupomSituacao {
  if (!cupom.ativo) return 'inativo';
  return cupomProblema(cupom, now) ?? 'ativo';
}

/** A coupon as the admin lists it: `valido_ate` the last valid day (YYYY-MM-DD in São Paulo) or null; `usos` so far. */
export const CupomAdminViewSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  desconto: z.number().int(),
  valido_ate: z.string().nullable(),
  limite_usos: z.number().int().nullable(),
  usos: z.number().int(),
  ativo: z.boolean(),
  situacao: z.enum(['ativo', 'inativo', 'expirado', 'esgotado']),
});
export type CupomAdminView = z.output<typeof CupomAdminViewSchema>;

/** The day (YYYY-MM-DD, São Paulo) of a stored `valido_ate` instant, as the form shows it. */
export function diaSaoPaulo(instant: Date): string {
  return todayInSaoPaulo(instant);
}

/**
 * `PUT /api/admin/atendimento-valor` body: the single-consultation price
 * (docs/payments-and-admin.md "Single consultation": `atendimento_valor`, an
 * admin setting) in centavos, R$ 0,50 to R$ 10.000,00; the form may send the
 * typed reais.
 */
export const AtendimentoValorSchema = z.object({
  atendimento_valor: centavosField(PRECOS_MESSAGES.atendimentoValor),
});
export type AtendimentoValor = z.output<typeof AtendimentoValorSchema>;
