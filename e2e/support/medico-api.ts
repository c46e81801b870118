import { type APIRequestContext, expect } from '@playwright/test';
import type { E2eDoctor } from './doctors.ts';

/**
 * Doctors and care sessions for the telemedicine journeys (issue 6), through
 * the API only: what a journey needs done by the side it is not about. The
 * journeys' doctors are {@link E2eDoctor}s (support/doctors.ts), created
 * before the server starts; they sign in with `POST /api/login` like anyone.
 */

/**
 * Seeded demo doctors (seed/medicos.ts, `SEED_DEMO`, on outside
 * production) the search journeys look for by city, clinic and specialty.
 * Nobody signs in as them.
 */
export const DEMO = {
  ana: {
    name: 'Ana Beatriz Nogueira',
    cidade: 'São Paulo - SP',
    especialidade: 'Cardiologia',
  },
  fernanda: {
    name: 'Fernanda Gonçalves Lima',
    cidade: 'Belo Horizonte - MG',
    especialidade: 'Pediatria',
  },
} as const;

/** A doctor signed in through the API: its bearer token and its `medico.id` (what patients address). */
export interface ApiDoctor {
  email: string;
  token: string;
  id: number;
}

function bearer(token: string) {
  return { Authorization: `Bearer ${token}` };
}

/** `POST /api/login` as `doctor`, then `GET /api/medico/me` for its doctor id. */
export async function signInDoctor(request: APIRequestContext, doctor: E2eDoctor): Promise<ApiDoctor> {
  const login = await request.post('/api/login', {
    data: { email: doctor.email, password: doctor.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const me = await request.get('/api/medico/me', { headers: bearer(token) });
  expect(me.status(), await me.text()).toBe(200);
  return { email: doctor.email, token, id: ((await me.json()) as { medico: { id: number } }).medico.id };
}

/** The doctor's id as patients see it (`MedicoView.id`), found by name through the patient search. */
export async function medicoIdByName(
  request: APIRequestContext,
  patientToken: string,
  name: string,
): Promise<number> {
  const res = await request.get(`/api/telemedicina/medicos/${encodeURIComponent(name)}`, {
    headers: bearer(patientToken),
  });
  expect(res.status(), await res.text()).toBe(200);
  const { medicos } = (await res.json()) as { medicos: { id: number; name: string }[] };
  const medico = medicos.find((m) => m.name === name);
  expect(medico, `doctor ${name} is listed`).toBeDefined();
  return (medico as { id: number }).id;
}

/** The doctor issues a single-use pass (`POST /api/medico/passes`); answers its code as shown, `ABCD-EF23`. */
export async function issuePass(request: APIRequestContext, doctor: ApiDoctor): Promise<string> {
  const res = await request.post('/api/medico/passes', { headers: bearer(doctor.token) });
  expect(res.status(), await res.text()).toBe(201);
  const { pass } = (await res.json()) as { pass: { code: string } };
  return `${pass.code.slice(0, 4)}-${pass.code.slice(4)}`;
}

/**
 * A patient asks the doctor `medicoId` for care, paying with `pass`
 * (docs/telemedicine.md "Requests and payment": a new account has no plan quota or
 * credit): `POST /api/telemedicina/atendimento/medico/:id {motivo, pass}`; answers the
 * session id.
 */
export async function requestCare(
  request: APIRequestContext,
  patientToken: string,
  medicoId: number,
  motivo: string,
  pass: string,
): Promise<number> {
  const res = await request.post(`/api/telemedicina/atendimento/medico/${medicoId}`, {
    headers: bearer(patientToken),
    data: { motivo, pass },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { atendimento: { id: number } }).atendimento.id;
}

/** The doctor accepts a pending session. */
export async function acceptAtendimento(
  request: APIRequestContext,
  doctor: ApiDoctor,
  id: number,
): Promise<void> {
  const res = await request.put(`/api/telemedicina/atendimento/${id}/aceitar`, {
    headers: bearer(doctor.token),
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The doctor refuses a pending session with one of the three reasons (1, 2, 3) and a comment. */
export async function refuseAtendimento(
  request: APIRequestContext,
  doctor: ApiDoctor,
  id: number,
  motivo: 1 | 2 | 3,
  comentario: string,
): Promise<void> {
  const res = await request.put(`/api/telemedicina/atendimento/${id}/recusar`, {
    headers: bearer(doctor.token),
    data: { recusado_motivo: motivo, recusado_comentario: comentario },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The doctor writes in a session (`POST …/mensagem`, text); answers the message id. */
export async function doctorSays(
  request: APIRequestContext,
  doctor: ApiDoctor,
  id: number,
  text: string,
): Promise<number> {
  const res = await request.post(`/api/telemedicina/atendimento/${id}/mensagem`, {
    headers: bearer(doctor.token),
    data: { type: 'T', content: text },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { mensagem: { id: number } }).mensagem.id;
}

/** The doctor ends a session (status E). */
export async function endAtendimento(
  request: APIRequestContext,
  doctor: ApiDoctor,
  id: number,
): Promise<void> {
  const res = await request.put(`/api/medico/atendimento/${id}/encerrar`, { headers: bearer(doctor.token) });
  expect(res.status(), await res.text()).toBe(200);
}
