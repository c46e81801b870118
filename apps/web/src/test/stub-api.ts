import { vi } from 'vitest';
import { jsonResponse } from './render.tsx';

/** One recorded request of a fake API: JSON bodies parsed, FormData kept as is. */
export interface ApiCall {
  url: string;
  method: string;
  body: unknown;
}

/** Answers a request, or `undefined` for 404. */
export type ApiHandler = (call: ApiCall) => Response | Promise<Response> | undefined;

/**
 * Stubs `fetch` with `handler` (404 'Não encontrado' when it answers nothing)
 * and records every request in `calls`.
 */
export function stubApi(handler: ApiHandler) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const raw = init?.body;
    const body = typeof raw === 'string' ? JSON.parse(raw) : raw;
    const call = { url: String(input), method: init?.method ?? 'GET', body };
    calls.push(call);
    return (await handler(call)) ?? jsonResponse({ message: 'Não encontrado' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
