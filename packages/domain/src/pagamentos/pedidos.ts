import { z } from 'zod';
import { CidadeSchema } from '../users/schemas.ts';
import { aplicarCupom, cobravel } from './money.ts';

/**
 * QR sticker orders and coupons of /qrcode/purchase and /qrcode/orders
 * (docs/payments-and-admin.md "Sticker orders"; issue 8 "QR sticker orders").
 */

/** pt-BR messages of the purchase and its coupon (docs/payments-and-admin.md "Sticker orders"). */
export const PEDIDO_MESSAGES = {
  endereco: 'Informe o endereço',
  bairro: 'Informe o bairro',
  cidade: 'Informe a cidade',
  cep: 'Informe o CEP',
  /** A CEP typed but not 8 digits: say what is wrong, not only that it is missing. */
  cepInvalido: 'O CEP tem 8 dígitos, por exemplo 01310-100',
  ordered: 'Pedido realizado com sucesso!',
  paid: 'Pagamento realizado com sucesso!',
  cupomAplicado: 'Cupom aplicado com sucesso!',
  cupomRemovido: 'Cupom removido',
  cupomInvalido: 'Cupom inválido.',
  cupomExpirado: 'Este cupom expirou.',
  cupomEsgotado: 'Este cupom já foi usado o número máximo de vezes.',
} as const;

/** Price of one set of 4 QR stickers, centavos (docs/payments-and-admin.md "Prices": R$ 19,90). */
export const QR_KIT_PRECO = 1990;

/** What step 1 of the purchase describes (docs/payments-and-admin.md "Sticker orders"). */
export const QR_KIT_DESCRICAO = {
  titulo: 'Kit com 4 adesivos QR Code',
  itens: [
    '4 adesivos com o seu código Pulso',
    'Poliéster prateado, resistente à água',
    'Tamanhos 30×20 mm e 40×30 mm',
    'Frete grátis por carta simples dos Correios',
  ],
} as const;

/** Order statuses (docs/payments-and-admin.md "Order states"): A Aguardando, E Enviado. */
export const PEDIDO_STATUS = { A: 'Aguardando', E: 'Enviado' } as const;
export type PedidoStatus = keyof typeof PEDIDO_STATUS;

/** The label of a stored order status; the code itself for an unknown one. */
export function pedidoStatusLabel(status: string): string {
  return (PEDIDO_STATUS as Record<string, string>)[status] ?? status;
}

/** A CEP's 8 digits from what was typed (`#####-###` mask), or `null` when it is not 8 digits. */
export function cepDigits(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const digits = String(value).replace(/\D/g, '');
  return digits.length === 8 && String(value).replace(/[\d\s.-]/g, '') === '' ? digits : null;
}

const required = (message: string, max = 255) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: message }).min(1, message).max(max, message),
  );

/**
 * The delivery address of step 2 (docs/payments-and-admin.md
 * "Delivery address"): `endereco`, `bairro`, `cidade` (a municipality from
 * the search, `{id, descricao}`) and `cep` (8 digits, masked `#####-###` on
 * screen, sent as digits) required; `complemento` optional. A blank CEP reads
 * 'Informe o CEP'; one typed but not 8 digits says it has 8 (issue 17).
 */
export const EnderecoEntregaSchema = z.object({
  endereco: required(PEDIDO_MESSAGES.endereco),
  bairro: required(PEDIDO_MESSAGES.bairro),
  cidade: z
    .preprocess((v) => (v === '' || v === undefined ? null : v), CidadeSchema.nullable())
    .refine((c) => c !== null, PEDIDO_MESSAGES.cidade),
  cep: z.unknown().transform((v, ctx) => {
    const digits = cepDigits(v);
    if (digits === null) {
      const blank = v === undefined || v === null || String(v).trim() === '';
      ctx.addIssue({ code: 'custom', message: blank ? PEDIDO_MESSAGES.cep : PEDIDO_MESSAGES.cepInvalido });
      return z.NEVER;
    }
    return digits;
  }),
  complemento: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || null : (v ?? null)),
    z.string().max(255).nullable(),
  ),
});
export type EnderecoEntrega = z.output<typeof EnderecoEntregaSchema>;

/** A coupon as stored (issue 8: name, percent, validity, use limit). */
export interface Cupom {
  nome: string;
  /** Percent off, 1–100. */
  desconto: number;
  /** Last instant it may be used, or `null` for no end. */
  valido_ate: Date | null;
  /** Most orders it may pay for, or `null` for no limit. */
  limite_usos: number | null;
  /** Orders it has paid for. */
  usos: number;
}

/**
 * Why a coupon cannot be used at `now`, or `null` when it can: expired
 * after `valido_ate` (inclusive until then), used up once `usos` reaches
 * `limite_usos`.
 */
export function cupomProblema(cupom: Cupom, now: Date): 'expirado' | 'esgotado' | null {
  if (cupom.valido_ate && now.getTime() > cupom.valido_ate.getTime()) return 'expirado';
  if (cupom.limite_usos !== null && cupom.usos >= cupom.limite_usos) return 'esgotado';
  return null;
}

/** Coupon names are compared without case or surrounding spaces ('promo10 ' finds 'PROMO10'). */
export function normalizeCupomNome(nome: string): string {
  return nome.trim().toUpperCase();
}

/**
 * The price of a sticker order in centavos (docs/payments-and-admin.md
 * "Purchase steps"): free (0) when the buyer holds an annual plan and has not
 * had the free set yet; otherwise {@link QR_KIT_PRECO} less the coupon's
 * percent, if any ({@link precoComCupom}).
 */
export function precoPedido(input: { kitGratis: boolean; desconto: number | null }): number {
  if (input.kitGratis) return 0;
  return input.desconto === null ? QR_KIT_PRECO : precoComCupom(QR_KIT_PRECO, input.desconto);
}

/**
 * A price after a coupon, as charged: {@link aplicarCupom}, then 0 when
 * what is left is under the card minimum ({@link cobravel}): a 98% coupon
 * on R$ 19,90 leaves R$ 0,40, which is not charged. The web shows this total.
 */
export function precoComCupom(centavos: number, desconto: number): number {
  return cobravel(aplicarCupom(centavos, desconto));
}
