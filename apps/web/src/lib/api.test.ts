import { GENERIC_ERROR_MESSAGE, TOO_MANY_REQUESTS_MESSAGE } from '@pulso/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/render.tsx';
import { ApiError, apiErrorFromBody, apiFetch, configureApi } from './api.ts';
import { getToken, setToken } from './token.ts';

const fetchMock = vi.fn<typeof fetch>();
const clearCache = vi.fn();
const navigate = vi.fn();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  configureApi({ clearCache, navigate });
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  clearCache.mockReset();
  navigate.mockReset();
  window.history.pushState({}, '', '/');
});

describe('apiFetch', () => {
  it('sends the stored token as a bearer and JSON bodies as JSON', async () => {
    setToken('abc');
    fetchMock.mockResolvedValueOnce(jsonResponse({ ok: true }));
    const answer = await apiFetch<{ ok: boolean }>('/home/pessoal', {
      method: 'PUT',
      body: { telefone: '1' },
    });
    expect(answer).toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/home/pessoal');
    const headers = init?.headers as Headers;
    expect(headers.get('Authorization')).toBe('Bearer abc');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe('{"telefone":"1"}');
  });

  it('passes a FormData through without a JSON content type', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({}));
    const form = new FormData();
    form.append('avatar', 'x');
    await apiFetch('/home/avatar', { method: 'POST', body: form });
    const init = fetchMock.mock.calls[0]?.[1] ?? {};
    const headers = init.headers as Headers;
    expect(init.body).toBe(form);
    expect(headers.has('Content-Type')).toBe(false);
    expect(headers.has('Authorization')).toBe(false);
  });

  it('throws an ApiError built from a 422 body', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ message: 'Informe seu e-mail', errors: { email: ['Informe seu e-mail'] } }, 422),
    );
    const error = await apiFetch('/login', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).message).toBe('Informe seu e-mail');
    expect((error as ApiError).errors).toEqual({ email: ['Informe seu e-mail'] });
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await apiFetch('/user').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
  });
});

describe('global 401 rule (docs/architecture.md "Session and the 401 rule")', () => {
  it('logs out and goes to /login when a 401 arrives on another page', async () => {
    window.history.pushState({}, '', '/timeline');
    setToken('expired');
    fetchMock.mockResolvedValueOnce(jsonResponse({ message: 'Sua sessão expirou.' }, 401));
    const error = await apiFetch('/user').catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(401);
    expect(getToken()).toBeNull();
    expect(clearCache).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('logs out but stays in the doctor area, whose own sign-in then shows', async () => {
    window.history.pushState({}, '', '/medico/solicitacoes');
    setToken('expired');
    fetchMock.mockResolvedValueOnce(jsonResponse({ message: 'Sua sessão expirou.' }, 401));
    const error = await apiFetch('/medico/me').catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(401);
    expect(getToken()).toBeNull();
    expect(clearCache).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does nothing more than throw while on /login', async () => {
    window.history.pushState({}, '', '/login');
    setToken('kept');
    fetchMock.mockResolvedValueOnce(jsonResponse({ message: 'Não autenticado' }, 401));
    const error = await apiFetch('/user').catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(401);
    expect(getToken()).toBe('kept');
    expect(clearCache).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('apiErrorFromBody', () => {
  it('keeps message and field errors', () => {
    const error = apiErrorFromBody(422, {
      message: 'Informe o seu nome e sobrenome',
      errors: { name: ['Informe o seu nome e sobrenome'], telefone: ['Informe um número de celular válido'] },
    });
    expect(error.status).toBe(422);
    expect(error.message).toBe('Informe o seu nome e sobrenome');
    expect(Object.keys(error.errors)).toEqual(['name', 'telefone']);
  });

  it('falls back to the first field error when there is no message', () => {
    const error = apiErrorFromBody(422, { errors: { email: ['Informe um e-mail válido'] } });
    expect(error.message).toBe('Informe um e-mail válido');
  });

  it('drops malformed errors and tolerates a body that is not an object', () => {
    expect(
      apiErrorFromBody(422, { message: 'x', errors: { a: [1, 'ok'], b: 'só', c: null } }).errors,
    ).toEqual({
      a: ['ok'],
      b: ['só'],
    });
    expect(apiErrorFromBody(500, '<html>').message).toBe(GENERIC_ERROR_MESSAGE);
    expect(apiErrorFromBody(429, undefined).message).toBe(TOO_MANY_REQUESTS_MESSAGE);
  });
});
