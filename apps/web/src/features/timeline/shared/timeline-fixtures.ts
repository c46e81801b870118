import type { AnexoView, TimelineItemView, UserView } from '@pulso/domain';
import { vi } from 'vitest';
import { jsonResponse } from '../../../test/render.tsx';
import { makeUserView } from '../../../test/users.ts';

/** A record of the signed-in patient's own timeline (tipo 1, no value, added by the patient). */
export function makeItem(id: number, overrides: Partial<TimelineItemView> = {}): TimelineItemView {
  return {
    id,
    tipo: 1,
    data: '2025-03-10',
    descricao: `Registro ${id}`,
    valor: null,
    medico_id: null,
    medico_name: null,
    anexos: [],
    created_by: null,
    terceiro: null,
    atendimento_id: null,
    local_dor: null,
    intensidade_dor: null,
    pendente: false,
    ...overrides,
  };
}

/** An attachment as the server answers it, with a signed URL. */
export function makeAnexo(id: number, overrides: Partial<AnexoView> = {}): AnexoView {
  return {
    id,
    path: `timeline/${'a'.repeat(32)}.jpg`,
    url: `/api/timeline/anexo/${id}/1900000000/assinatura`,
    name: `foto-${id}.jpg`,
    mime: 'image/jpeg',
    size: 48_000,
    ...overrides,
  };
}

/** The signed-in patient (Ana Souza, in her trial). */
export function makeUser(overrides: Partial<UserView> = {}): UserView {
  return makeUserView(overrides);
}

/** A user whose 1-month trial ended, without a plan, not corporate (docs/health-record.md "Trial lock"). */
export function makeLockedUser(): UserView {
  return makeUserView({ trialEnded: true, plano: null, empresarial: false });
}

/** One recorded request of a fake API. */
export interface Call {
  url: string;
  method: string;
  body: unknown;
}

type Handler = (call: Call) => Response | Promise<Response> | undefined;

/** No record awaits approval: `GET /api/timeline/pendentes` when a test says nothing about it. */
export const NO_PENDENTES = { timelineItems: [], total: 0 };

/**
 * Stubs `fetch` with `handler` (when it returns nothing: no pending records
 * for `GET /api/timeline/pendentes`, 404 otherwise) and records every
 * request; JSON bodies are parsed, FormData kept as is.
 */
export function stubApi(handler: Handler) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const raw = init?.body;
    const body = typeof raw === 'string' ? JSON.parse(raw) : raw;
    const call = { url: String(input), method: init?.method ?? 'GET', body };
    calls.push(call);
    const answer = await handler(call);
    if (answer) return answer;
    if (call.url.startsWith('/api/timeline/pendentes')) return jsonResponse(NO_PENDENTES);
    return jsonResponse({ message: 'Não encontrado' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
