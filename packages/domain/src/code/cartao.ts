import { z } from 'zod';

/**
 * The lock-screen image and the wallet card of /qrcode/generate
 * (docs/emergency-card.md): what the patient chooses to print on them.
 */

/** Screen sizes of the lock-screen PNG, in pixels: a recent iPhone and a common Android phone. */
export const TELA_FORMATOS = {
  '1170x2532': { largura: 1170, altura: 2532, rotulo: 'iPhone (1170 × 2532)' },
  '1080x2400': { largura: 1080, altura: 2400, rotulo: 'Android (1080 × 2400)' },
} as const;
export type TelaFormato = keyof typeof TELA_FORMATOS;
/** The size used when none is asked for. */
export const TELA_FORMATO_PADRAO: TelaFormato = '1170x2532';

/** The facts a patient may leave off; name, blood type, code and QR are always printed. */
export const CARTAO_ITENS = ['alergias', 'medicamentos', 'contato'] as const;
export type CartaoItem = (typeof CARTAO_ITENS)[number];
/** Which optional facts go on the files (`true`: printed). */
export type CartaoEscolha = Record<CartaoItem, boolean>;

/** A query flag: `'true'` prints the fact; `'false'` or nothing leaves it off (nothing private by default). */
const flag = z
  .enum(['true', 'false'])
  .default('false')
  .transform((v) => v === 'true');

/** Query of `GET /api/qrcode/cartao/carteira`: `alergias`, `medicamentos`, `contato` as `true`/`false`. */
export const CartaoQuerySchema = z.object({
  alergias: flag,
  medicamentos: flag,
  contato: flag,
});

/** Query of `GET /api/qrcode/cartao/tela`: {@link CartaoQuerySchema} and `formato` (a {@link TELA_FORMATOS} key). */
export const TelaQuerySchema = CartaoQuerySchema.extend({
  formato: z.enum(Object.keys(TELA_FORMATOS) as [TelaFormato, ...TelaFormato[]]).default(TELA_FORMATO_PADRAO),
});

/** The query string of a choice: `alergias=true&medicamentos=false&contato=true`. */
export function cartaoQuery(escolha: CartaoEscolha): string {
  return CARTAO_ITENS.map((item) => `${item}=${escolha[item] ? 'true' : 'false'}`).join('&');
}

/**
 * Answer of `GET /api/qrcode/cartao`: the facts the lock-screen image, the
 * wallet card and the offline card (docs/offline-card.md) can show, as
 * printed; `null` when not filled in.
 */
export const CartaoFactsSchema = z.object({
  code: z.string().describe('Canonical personal code, e.g. 123AB456'),
  url: z.string().describe('What the QR encodes: {PUBLIC_ORIGIN}/code/{code}'),
  name: z.string(),
  sangue: z.string().nullable().describe("Blood type's label ('O+'), null when not filled in"),
  alergias: z.string().nullable().describe('Allergies as printed (one paragraph), null when blank'),
  medicamentos: z.string().nullable().describe('Medications as printed, null when blank'),
  contato: z
    .string()
    .nullable()
    .describe("Emergency contact as one line: 'Nome (Relação) · (11) 91234 5678'"),
  telefone: z
    .string()
    .nullable()
    .describe("The emergency contact's phone as digits ('11912345678'), for a tel: link; never drawn"),
});
export type CartaoFacts = z.infer<typeof CartaoFactsSchema>;
