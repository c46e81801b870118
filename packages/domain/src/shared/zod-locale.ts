import { z } from 'zod';

/**
 * The one pt-BR error map of Pulso (`docs/validation-and-errors.md`
 * "Messages"): the message of every zod issue that its schema does not name
 * itself. The domain's schemas carry their own messages (they win); this
 * covers the rest — a missing field, a value of the wrong type, a number
 * past its column, an unexpected option — in words a patient understands,
 * never zod's technical text ("esperava um texto, recebeu…", "<= 9007…").
 */

const NUMBER = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });

/** Beyond this a bound is not the field's own but JavaScript's (safe integers). */
const UNSAFE = 2 ** 53 - 1;

/** `n` items / characters, singular for 1. */
const plural = (n: number, one: string, many: string) => `${NUMBER.format(n)} ${n === 1 ? one : many}`;

/** Messages of the error map, for tests and the web. */
export const ZOD_MESSAGES = {
  required: 'Preencha este campo.',
  text: 'Informe um texto.',
  number: 'Informe um número.',
  integer: 'Informe um número inteiro.',
  boolean: 'Escolha sim ou não.',
  list: 'Informe uma lista.',
  date: 'Informe uma data válida.',
  shape: 'Os dados enviados estão em um formato inválido.',
  tooBig: 'Número grande demais.',
  email: 'Informe um e-mail válido.',
  url: 'Informe um endereço de site válido.',
  time: 'Informe um horário válido.',
  format: 'Formato inválido.',
  option: 'Escolha uma das opções.',
  extraFields: 'Envie apenas os campos previstos.',
  invalid: 'Valor inválido.',
} as const;

type Bound = { origin?: string; inclusive?: boolean };

function tooBig(issue: Bound & { maximum: number | bigint }): string {
  const max = Number(issue.maximum);
  switch (issue.origin) {
    case 'number':
    case 'int':
    case 'bigint':
      if (max >= UNSAFE) return ZOD_MESSAGES.tooBig;
      return issue.inclusive === false
        ? `Informe um número menor que ${NUMBER.format(max)}.`
        : `Informe um número de até ${NUMBER.format(max)}.`;
    case 'string':
      return `Use no máximo ${plural(max, 'caractere', 'caracteres')}.`;
    case 'array':
    case 'set':
      return `Informe no máximo ${plural(max, 'item', 'itens')}.`;
    case 'file':
      return 'O arquivo é grande demais.';
    case 'date':
      return 'Informe uma data anterior.';
  }
  return ZOD_MESSAGES.invalid;
}

function tooSmall(issue: Bound & { minimum: number | bigint }): string {
  const min = Number(issue.minimum);
  switch (issue.origin) {
    case 'number':
    case 'int':
    case 'bigint':
      if (min <= -UNSAFE) return ZOD_MESSAGES.tooBig;
      return issue.inclusive === false
        ? `Informe um número maior que ${NUMBER.format(min)}.`
        : `Informe um número a partir de ${NUMBER.format(min)}.`;
    case 'string':
      return min <= 1 ? ZOD_MESSAGES.required : `Use ao menos ${plural(min, 'caractere', 'caracteres')}.`;
    case 'array':
    case 'set':
      return `Informe ao menos ${plural(min, 'item', 'itens')}.`;
    case 'file':
      return 'O arquivo está vazio.';
    case 'date':
      return 'Informe uma data posterior.';
  }
  return ZOD_MESSAGES.invalid;
}

function wrongType(expected: string, input: unknown, atRoot: boolean): string {
  // The whole body of the wrong kind (null, a list, a text) is not a field left blank.
  if (atRoot && (expected === 'object' || expected === 'record')) return ZOD_MESSAGES.shape;
  if (input === undefined || input === null) return ZOD_MESSAGES.required;
  switch (expected) {
    case 'string':
      return ZOD_MESSAGES.text;
    case 'number':
    case 'bigint':
    case 'nan':
      return ZOD_MESSAGES.number;
    case 'int':
      return typeof input === 'number' && Number.isInteger(input)
        ? ZOD_MESSAGES.tooBig
        : ZOD_MESSAGES.integer;
    case 'boolean':
      return ZOD_MESSAGES.boolean;
    case 'array':
    case 'tuple':
    case 'set':
      return ZOD_MESSAGES.list;
    case 'date':
      return ZOD_MESSAGES.date;
    case 'object':
    case 'record':
    case 'map':
      return ZOD_MESSAGES.shape;
  }
  return ZOD_MESSAGES.invalid;
}

function wrongFormat(format: string): string {
  switch (format) {
    case 'email':
      return ZOD_MESSAGES.email;
    case 'url':
      return ZOD_MESSAGES.url;
    case 'date':
    case 'datetime':
      return ZOD_MESSAGES.date;
    case 'time':
      return ZOD_MESSAGES.time;
  }
  return ZOD_MESSAGES.format;
}

/**
 * The pt-BR message of a zod issue (zod 4's `localeError`): the domain's
 * own messages take precedence, this answers the others.
 */
export function brazilianIssueMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return wrongType(String(issue.expected), issue.input, !issue.path?.length);
    case 'too_big':
      return tooBig(issue);
    case 'too_small':
      return tooSmall(issue);
    case 'invalid_format':
      return wrongFormat(String(issue.format));
    case 'invalid_value':
      return issue.values.length > 1 ? ZOD_MESSAGES.option : ZOD_MESSAGES.invalid;
    case 'unrecognized_keys':
      return ZOD_MESSAGES.extraFields;
  }
  return ZOD_MESSAGES.invalid;
}

/**
 * Makes {@link brazilianIssueMessage} zod's fallback messages, everywhere
 * zod parses in this process. Called once at start-up by the server and the
 * web; explicit messages of the domain schemas are unaffected.
 */
export function setBrazilianZodMessages(): void {
  z.config({ localeError: brazilianIssueMessage });
}
