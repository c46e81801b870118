import type { AtendimentoView, MedicoView, PassView } from '@pulso/domain';
import { vi } from 'vitest';
import { jsonResponse } from '../../test/render.tsx';
import { makeUserView } from '../../test/users.ts';
import type { MedicoMeResponse, MedicoResumo } from './api/get-medico-me.ts';

/** A doctor as `MedicoView` (Dra. Carla Mendes, cardiologist in Recife, available). */
export function makeMedicoView(overrides: Partial<MedicoView> = {}): MedicoView {
  return {
    id: 7,
    name: 'Carla Mendes',
    avatar: null,
    especialidade: 'Cardiologia',
    especialidades: ['Cardiologia'],
    cidade: { id: 2611606, descricao: 'Recife - PE' },
    cidade_descricao: 'Recife - PE',
    clinicas: [],
    crms: [{ numero: '123456', uf: 'PE' }],
    status: 2,
    bloqueado: false,
    suporte: false,
    verificado: true,
    mensagens_novas: 0,
    ...overrides,
  };
}

/** `GET /api/medico/me` of that doctor with the given counters. */
export function makeMedicoMe(
  resumo: Partial<MedicoResumo> = {},
  medico: Partial<MedicoView> = {},
): MedicoMeResponse {
  return {
    user: makeUserView({ id: 70, name: 'Carla Mendes', email: 'carla@example.com' }),
    medico: makeMedicoView(medico),
    resumo: { solicitacoes: 0, ativos: 0, mensagens_novas: 0, ...resumo },
  };
}

/** A session with that doctor; a pending request by Ana Souza unless overridden. */
export function makeAtendimento(overrides: Partial<AtendimentoView> = {}): AtendimentoView {
  return {
    id: 31,
    status: 'P',
    created_at: '2026-11-22T17:05:00.000Z',
    updated_at: '2026-11-22T17:05:00.000Z',
    accepted_at: null,
    ended_at: null,
    motivo: 'Dor no peito ao subir escadas',
    pass: false,
    pagamento: 'plano',
    mensagens_count: 0,
    mensagens_novas: 0,
    recusado_motivo: null,
    recusado_comentario: null,
    medico: makeMedicoView(),
    paciente: { id: 1, name: 'Ana Souza', avatar: null, code: '123AB456', bloqueado: false },
    ...overrides,
  };
}

/** A pass issued by that doctor, unused unless overridden. */
export function makePass(overrides: Partial<PassView> = {}): PassView {
  return {
    id: 1,
    code: 'ABCDEF23',
    created_at: '2026-11-20T12:00:00.000Z',
    used_at: null,
    paciente: null,
    ...overrides,
  };
}

/** What the fake API answers to `METHOD /api/path`: a body (200), a Response, or a function of the request. */
export type FakeAnswer = Response | ((init: RequestInit | undefined) => unknown) | object;

/**
 * Stubs `fetch` with answers keyed `'GET /api/medico/me'`; anything else is a
 * 404. Answers may change between calls (assign to the returned `answers`).
 */
export function stubMedicoApi(answers: Record<string, FakeAnswer>) {
  const fetchMock = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(url)}`;
    if (!(key in answers)) return jsonResponse({ message: 'Não encontrado' }, 404);
    const entry = answers[key];
    const answer =
      typeof entry === 'function' ? (entry as (i: RequestInit | undefined) => unknown)(init) : entry;
    return answer instanceof Response ? answer : jsonResponse(answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, answers };
}

/** The calls made to `METHOD /api/path`, with their parsed JSON bodies. */
export function callsTo(fetchMock: ReturnType<typeof stubMedicoApi>['fetchMock'], key: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key)
    .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body));
}
