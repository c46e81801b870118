import type { createPatient } from '../../test/factories.ts';
import type { TestApp } from '../../test/harness.ts';

/** Helpers shared by the indicator API tests (not a test file itself). */

export type Patient = Awaited<ReturnType<typeof createPatient>>;
export type Auth = { authorization: string } | undefined;

/** The four indicators as their routes name them. */
export const INDICADORES = ['pressao', 'imc', 'oxigenacao', 'glicose'] as const;
export type Indicador = (typeof INDICADORES)[number];

/** The list key of each indicator's history answer (and of `GET /api/home`'s user). */
export const LISTA: Record<Indicador, string> = {
  pressao: 'pressao',
  imc: 'indice_massa_corporal',
  oxigenacao: 'oxigenacao',
  glicose: 'glicose',
};

/** A valid body of each indicator's `POST` for the day and time given. */
export function validBody(indicador: Indicador, data_afericao = '2025-03-10', time_afericao = '08:00') {
  const at = { data_afericao, time_afericao };
  switch (indicador) {
    case 'pressao':
      return { sis: '120', dia: '80', ...at };
    case 'imc':
      return { peso: '70,0', ...at };
    case 'oxigenacao':
      return { saturacao: '97', bpm: '72', ...at };
    case 'glicose':
      return { value: '95', time_of_day: 1, ...at };
  }
}

/** `YYYY-MM-DD` moved by `days`. */
export function isoPlusDays(iso: string, days: number): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Request helpers bound to a test app. */
export function indicadoresApi(t: TestApp) {
  const headers = (auth: Auth, extra: Record<string, string> = {}) => ({ headers: { ...extra, ...auth } });
  return {
    list: (indicador: Indicador, auth: Auth, query: Record<string, string> = {}) =>
      t.app.inject({ url: `/api/home/${indicador}`, query, ...headers(auth) }),
    post: (indicador: Indicador, auth: Auth, payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `/api/home/${indicador}`,
        payload: payload as Record<string, unknown>,
        ...headers(auth),
      }),
    patchGlicose: (id: number | string, auth: Auth, payload: unknown) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/home/glicose/${id}`,
        payload: payload as Record<string, unknown>,
        ...headers(auth),
      }),
    home: (auth: Auth) => t.app.inject({ url: '/api/home', ...headers(auth) }),
  };
}
