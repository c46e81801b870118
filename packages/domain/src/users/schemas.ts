import { z } from 'zod';
import { isValidBirthDate } from '../shared/dates.ts';
import { hasAtMostDecimals } from '../shared/decimal.ts';
import { onlyDigits } from '../shared/mask.ts';
import { isMobileDigits, isPhoneDigits } from '../shared/phone.ts';
import {
  optionalDecimal,
  optionalDigits,
  optionalLetterEnum,
  optionalLine,
  optionalNumericEnum,
  optionalText,
} from '../shared/zod-helpers.ts';

/**
 * pt-BR messages of the emergency-data cards (docs/accounts.md "Emergency data"; the rest decided in issue
 * 2's note).
 */
export const PROFILE_MESSAGES = {
  telefone: 'Informe o número do seu telefone celular',
  contato_telefone: 'Informe um telefone válido',
  contato_relacao: 'Escolha uma relação válida',
  peso: 'Informe um peso entre 10 e 400 kg',
  altura: 'Informe uma altura entre 0,40 e 2,50 m',
  cor: 'Escolha uma cor válida',
  olhos: 'Escolha uma cor de olhos válida',
  nascimento: 'Informe uma data de nascimento entre 01/01/1920 e hoje',
  sexo: 'Escolha um sexo válido',
  sangue: 'Escolha um tipo sanguíneo válido',
  cidade: 'Escolha a cidade na lista',
} as const;

/** Weight limits in kg (mask `##,#`/`###,#`; docs/accounts.md "Physical characteristics"). */
export const PESO_MIN = 10;
export const PESO_MAX = 400;
/** Height limits in metres (mask `#,##`; docs/accounts.md "Physical characteristics"). */
export const ALTURA_MIN = 0.4;
export const ALTURA_MAX = 2.5;

/**
 * `PUT /api/home/pessoal` body (docs/accounts.md "Personal information").
 * Phones are sent as digits; masks are stripped if present. `telefone` is the
 * patient's mobile.
 */
export const PessoalSchema = z.object({
  telefone: z.preprocess(
    (v) => (typeof v === 'string' ? onlyDigits(v) : v),
    z.string({ error: PROFILE_MESSAGES.telefone }).refine(isMobileDigits, PROFILE_MESSAGES.telefone),
  ),
  contato: optionalLine(255),
  contato_telefone: optionalDigits(PROFILE_MESSAGES.contato_telefone, isPhoneDigits),
  contato_relacao: optionalLetterEnum(['C', 'F', 'I', 'P', 'T', 'A', 'O'], PROFILE_MESSAGES.contato_relacao),
});
export type Pessoal = z.output<typeof PessoalSchema>;
export type PessoalInput = z.input<typeof PessoalSchema>;

/**
 * `PUT /api/home/caracteristicas` body
 * (docs/accounts.md "Physical characteristics"): `peso` in kg with 1 decimal,
 * `altura` in metres with 2 decimals; a comma is accepted in place of the dot.
 */
export const CaracteristicasSchema = z.object({
  peso: optionalDecimal(
    PROFILE_MESSAGES.peso,
    (n) => n >= PESO_MIN && n <= PESO_MAX && hasAtMostDecimals(n, 1),
  ),
  altura: optionalDecimal(
    PROFILE_MESSAGES.altura,
    (n) => n >= ALTURA_MIN && n <= ALTURA_MAX && hasAtMostDecimals(n, 2),
  ),
  cor: optionalNumericEnum([1, 2, 3, 4, 5], PROFILE_MESSAGES.cor),
  olhos: optionalNumericEnum([1, 2, 3, 4], PROFILE_MESSAGES.olhos),
  sinal: optionalText(500),
});
export type Caracteristicas = z.output<typeof CaracteristicasSchema>;
export type CaracteristicasInput = z.input<typeof CaracteristicasSchema>;

/** A municipality as sent and shown: IBGE id and `"Nome - UF"` description. */
export const CidadeSchema = z.object(
  {
    id: z.coerce
      .number({ error: PROFILE_MESSAGES.cidade })
      .int(PROFILE_MESSAGES.cidade)
      .positive(PROFILE_MESSAGES.cidade),
    descricao: z.string({ error: PROFILE_MESSAGES.cidade }),
  },
  { error: PROFILE_MESSAGES.cidade },
);
export type Cidade = z.output<typeof CidadeSchema>;

/**
 * `PUT /api/home/geral` body (docs/accounts.md "General information").
 * `nascimento` is `YYYY-MM-DD` from 1920-01-01 to today (America/Sao_Paulo);
 * `cidade` must be a municipality chosen from the search (the server checks
 * the id).
 */
export const GeralSchema = z.object({
  nascimento: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z
      .string({ error: PROFILE_MESSAGES.nascimento })
      .refine((s) => isValidBirthDate(s), PROFILE_MESSAGES.nascimento)
      .nullable(),
  ),
  sexo: optionalLetterEnum(['M', 'F', 'N'], PROFILE_MESSAGES.sexo),
  sangue: optionalNumericEnum([1, 2, 3, 4, 5, 6, 7, 8], PROFILE_MESSAGES.sangue),
  endereco: optionalLine(255),
  bairro: optionalLine(255),
  cidade: z.preprocess((v) => (v === '' || v === undefined ? null : v), CidadeSchema.nullable()),
  complemento: optionalLine(255),
});
export type Geral = z.output<typeof GeralSchema>;
export type GeralInput = z.input<typeof GeralSchema>;

/** `outras` section (docs/accounts.md "Other information"); edited on /saude, `doador` shown in the emergency view. */
export const OutrasSchema = z.object({
  doador: optionalLetterEnum(['S', 'N'], 'Escolha Sim ou Não'),
  adicional: optionalText(2000),
});
export type Outras = z.output<typeof OutrasSchema>;
