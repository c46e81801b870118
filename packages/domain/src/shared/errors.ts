/**
 * Error shapes of docs/architecture.md "Contracts": validation failures answer
 * `422 {message, errors: {field: [msg…]}}`; other failures `{message}`.
 */

/** Field errors keyed by the dotted path of the field (`cidade.id`). */
export type FieldErrors = Record<string, string[]>;

/** Body of a 422 answer. `message` is the first message of the first field. */
export interface ValidationErrorBody {
  message: string;
  errors: FieldErrors;
}

/** Body of any other error answer. */
export interface ErrorBody {
  message: string;
}

/** Generic pt-BR message when the server must not say more. */
export const GENERIC_ERROR_MESSAGE = 'Ocorreu um erro inesperado. Tente novamente em instantes.';
/** Message when the request never reached the server (offline, DNS, CORS). */
export const NETWORK_ERROR_MESSAGE =
  'Não foi possível conectar ao Pulso. Verifique sua internet e tente novamente.';
/** localStorage key of the session token (a token kept in the browser's local storage; docs/auth-security.md). */
export const TOKEN_KEY = 'token';
/** Message of a 422 without a more specific one. */
export const VALIDATION_MESSAGE = 'Verifique os dados informados.';
/** Message of a 401. */
export const UNAUTHENTICATED_MESSAGE = 'Sua sessão expirou. Entre novamente.';
/** Message of a 503 while the database is unreachable (answered with `Retry-After`). */
export const SERVICE_UNAVAILABLE_MESSAGE =
  'O serviço está temporariamente indisponível. Tente novamente em instantes.';
/** Message of a 429 (rate limit). */
export const TOO_MANY_REQUESTS_MESSAGE = 'Muitas tentativas. Aguarde um minuto e tente novamente.';
/** Message of a 503 when a server is overloaded and sheds the request (it carries `Retry-After`). */
export const OVERLOADED_MESSAGE =
  'O Pulso está com muitos acessos agora. Tente novamente em alguns segundos.';

/**
 * Messages of the failures the HTTP layer finds before any schema runs
 * (`docs/validation-and-errors.md` "Statuses"): a body over the limit (413),
 * a body that cannot be read (400), a content type no route reads (415), a
 * malformed or too long address (400, 414), a form with too many parts (413).
 */
export const HTTP_MESSAGES = {
  bodyTooLarge: 'Os dados enviados passam do limite de 1 MB.',
  malformedBody: 'Não foi possível ler os dados enviados.',
  tooDeep: 'Os dados enviados têm níveis demais.',
  unsupportedMediaType: 'Formato de envio não aceito.',
  badUrl: 'Endereço inválido.',
  urlTooLong: 'Endereço longo demais.',
  formTooLarge: 'O formulário enviado tem partes demais.',
  notFound: 'Rota não encontrada',
  clientError: 'Requisição inválida.',
} as const;

/** Turns zod-like issues into `{field: [messages]}`, keeping their order. */
export function issuesToFieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    const list = errors[key] ?? [];
    list.push(issue.message);
    errors[key] = list;
  }
  return errors;
}

/** The first message of each field, as a form shows it under the field: `{field: message}`. */
export function firstFieldMessages(errors: FieldErrors): Record<string, string> {
  const first: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors)) {
    if (messages[0] !== undefined) first[field] = messages[0];
  }
  return first;
}

/**
 * What the snackbar shows (docs/accounts.md "Messages on screen"): a plain
 * string as is, or the first error of the first field of an errors object.
 */
export function firstErrorMessage(value: string | FieldErrors | null | undefined): string | null {
  if (value == null) return null;
  if (typeof value === 'string') return value;
  for (const messages of Object.values(value)) {
    if (messages.length > 0) return messages[0] as string;
  }
  return null;
}
