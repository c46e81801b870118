import {
  type FieldErrors,
  GENERIC_ERROR_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  TOO_MANY_REQUESTS_MESSAGE,
  UNAUTHENTICATED_MESSAGE,
} from '@pulso/domain';
import { paths } from './paths.ts';
import { clearToken, getToken } from './token.ts';

/** Prefix of every API path (docs/architecture.md "Contracts"). */
export const API_BASE = '/api';

export { NETWORK_ERROR_MESSAGE };

/**
 * A non-2xx answer (or a network failure, `status` 0). `message` is the
 * server's pt-BR message; `errors` the 422 field errors (`{field: [msg…]}`).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldErrors;

  constructor(status: number, message: string, errors: FieldErrors = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
  }
}

function fallbackMessage(status: number): string {
  if (status === 401) return UNAUTHENTICATED_MESSAGE;
  if (status === 429) return TOO_MANY_REQUESTS_MESSAGE;
  return GENERIC_ERROR_MESSAGE;
}

function readErrors(value: unknown): FieldErrors {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const errors: FieldErrors = {};
  for (const [field, messages] of Object.entries(value)) {
    const list = (Array.isArray(messages) ? messages : [messages]).filter(
      (m): m is string => typeof m === 'string' && m !== '',
    );
    if (list.length > 0) errors[field] = list;
  }
  return errors;
}

/**
 * Builds an {@link ApiError} from a status and a parsed body of the shapes
 * `{message}` or `{message, errors}`; tolerates any other body.
 */
export function apiErrorFromBody(status: number, body: unknown): ApiError {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const errors = readErrors(record.errors);
  const firstFieldMessage = Object.values(errors)[0]?.[0];
  const message =
    typeof record.message === 'string' && record.message.trim() !== ''
      ? record.message
      : (firstFieldMessage ?? fallbackMessage(status));
  return new ApiError(status, message, errors);
}

/** What the global 401 rule does besides forgetting the token (set once in main.tsx). */
export interface ApiHooks {
  /** Empties the TanStack Query cache. */
  clearCache: () => void;
  /** Client-side navigation. */
  navigate: (to: string) => void;
}

let hooks: ApiHooks = {
  clearCache: () => {},
  navigate: (to) => window.location.assign(to),
};

/** Wires the 401 rule to the app's query client and router. */
export function configureApi(next: Partial<ApiHooks>): void {
  hooks = { ...hooks, ...next };
}

/**
 * The global 401 rule (docs/architecture.md "Session and the 401 rule"): any
 * 401, except while on /login, logs the user out (token and cache cleared)
 * and goes to /login. In the doctor area (/medico…) the doctor stays at the
 * address, where the area's own sign-in shows once the token is gone.
 */
function handleUnauthorized(): void {
  const { pathname } = window.location;
  if (pathname === paths.login) return;
  clearToken();
  hooks.clearCache();
  if (pathname === paths.medico || pathname.startsWith(`${paths.medico}/`)) return;
  hooks.navigate(paths.login);
}

/** Options of {@link apiFetch}. `body` is sent as JSON, or as is when it is a FormData. */
export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** `blob` for binary downloads (QR code PNG); JSON otherwise. */
  responseType?: 'json' | 'blob';
  /** Extra request headers (a charge's `Idempotency-Key`). */
  headers?: Record<string, string>;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Calls `/api{path}` with the stored bearer token. Resolves with the parsed
 * body; rejects with an {@link ApiError} on a non-2xx answer or a network failure.
 */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const { method = 'GET', body, signal, responseType = 'json' } = request;
  const headers = new Headers({
    ...request.headers,
    Accept: responseType === 'json' ? 'application/json' : '*/*',
  });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { method, headers, body: payload, signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }

  if (!response.ok) {
    if (response.status === 401) handleUnauthorized();
    throw apiErrorFromBody(response.status, await readBody(response));
  }
  if (responseType === 'blob') return (await response.blob()) as T;
  return (await readBody(response)) as T;
}

/** Shorthands of {@link apiFetch} per verb. */
export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiFetch<T>(path, { signal }),
  post: <T>(path: string, body?: unknown) => apiFetch<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => apiFetch<T>(path, { method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown) => apiFetch<T>(path, { method: 'PATCH', body }),
  delete: <T>(path: string) => apiFetch<T>(path, { method: 'DELETE' }),
};

/** What the snackbar should show for a failure: the 422 field errors, else the message. */
export function errorToSnackbarValue(error: unknown): string | FieldErrors {
  if (error instanceof ApiError) return Object.keys(error.errors).length > 0 ? error.errors : error.message;
  return GENERIC_ERROR_MESSAGE;
}
