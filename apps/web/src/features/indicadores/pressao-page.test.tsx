import { INDICADOR_MESSAGES, PRESSAO_MESSAGES } from '@pulso/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/token.ts';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import { type ApiCall, stubApi } from '../../test/stub-api.ts';
import { makeUserView } from '../../test/users.ts';
import PressaoPage, { pressaoAoVivo } from './pressao-page.tsx';

afterEach(() => vi.unstubAllGlobals());

function open({ locked = false, onSave }: { locked?: boolean; onSave?: (call: ApiCall) => Response } = {}) {
  setToken('t');
  const api = stubApi((call) => {
    if (call.url === '/api/home' && call.method === 'GET') {
      return jsonResponse({ user: makeUserView({ trialEnded: locked }) });
    }
    if (call.url === '/api/home/pressao' && call.method === 'POST') return onSave?.(call);
    return undefined;
  });
  renderRoutes([{ path: '/indicador/pressao', element: <PressaoPage /> }], '/indicador/pressao');
  return api;
}

const sis = () => screen.getByRole('textbox', { name: /Sistólica/ }) as HTMLInputElement;
const dia = () => screen.getByRole('textbox', { name: /Diastólica/ }) as HTMLInputElement;
const type = (input: HTMLInputElement, value: string) => fireEvent.input(input, { target: { value } });

describe('pressaoAoVivo', () => {
  it('classifies a complete acceptable pair and waits while a pair is incomplete', () => {
    expect(pressaoAoVivo('120', '80', false)).toEqual({ status: 'normal' });
    expect(pressaoAoVivo('140', '95', false)).toEqual({ status: 'alta' });
    expect(pressaoAoVivo('12', '', false)).toBeNull();
    expect(pressaoAoVivo('120', '8', false)).toBeNull();
  });

  it('refuses a diastolic above the systolic or below 50 once it cannot grow or the field is left', () => {
    // '13' may still become '130': not refused while typing, refused when final.
    expect(pressaoAoVivo('120', '13', false)).toBeNull();
    expect(pressaoAoVivo('120', '13', true)).toEqual({ aviso: 'minima' });
    expect(pressaoAoVivo('120', '130', false)).toEqual({ aviso: 'maior' });
    expect(pressaoAoVivo('120', '49', true)).toEqual({ aviso: 'minima' });
    expect(pressaoAoVivo('120', '50', true)).toEqual({ status: 'baixa' });
    expect(pressaoAoVivo('120', '120', true)).toEqual({ status: 'muito_alta' });
  });
});

describe('/indicador/pressao', { timeout: 20_000 }, () => {
  it('shows the category live with its label', async () => {
    open();
    expect(
      await screen.findByText('Informe a sistólica e a diastólica para ver a classificação.'),
    ).not.toBeNull();
    type(sis(), '120');
    type(dia(), '80');
    expect(await screen.findByText('Normal')).not.toBeNull();
    expect(screen.getByText('120/80 mmHg')).not.toBeNull();
    type(sis(), '185');
    expect(await screen.findByText('Muito alta')).not.toBeNull();
  });

  it('clears both fields with the documented warning when the diastolic passes the systolic', async () => {
    open();
    type(sis(), '120');
    type(dia(), '130');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(PRESSAO_MESSAGES.diastolica.trim());
    expect(alert.textContent).toContain(PRESSAO_MESSAGES.diastolicaMaior);
    await waitFor(() => expect(sis().value).toBe(''));
    expect(dia().value).toBe('');
    // Typing again removes the warning.
    type(sis(), '1');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('clears the fields when a diastolic below 50 is left', async () => {
    open();
    type(sis(), '120');
    type(dia(), '45');
    fireEvent.blur(dia());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(PRESSAO_MESSAGES.diastolicaMinima);
    // Its title says what is wrong: below 50, not 'greater than the systolic'.
    expect(alert.textContent).toContain('ATENÇÃO! Diastólica abaixo de 50 mmHg');
    expect(alert.textContent).not.toContain('não pode ser maior');
    await waitFor(() => expect(dia().value).toBe(''));
  });

  it('sends multipart with the status, says the server message and keeps typed values on a 422', async () => {
    let answer: Response = jsonResponse(
      { message: 'Dados inválidos', errors: { time_afericao: [INDICADOR_MESSAGES.horaFutura] } },
      422,
    );
    const api = open({ onSave: () => answer });
    type(sis(), '135');
    type(dia(), '85');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(INDICADOR_MESSAGES.horaFutura)).not.toBeNull();
    expect(sis().value).toBe('135');
    expect(dia().value).toBe('85');
    const body = api.calls.find((c) => c.method === 'POST')?.body;
    expect(body).toBeInstanceOf(FormData);
    const sent = Object.fromEntries((body as FormData).entries());
    expect(sent).toMatchObject({ sis: '135', dia: '85', status: 'alterada' });
    expect(sent.data_afericao).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(sent.time_afericao).toMatch(/^\d{2}:\d{2}$/);

    answer = jsonResponse(
      {
        message: INDICADOR_MESSAGES.inserted,
        pressao: {
          id: 3,
          sis: 135,
          dia: 85,
          status: 'alterada',
          data_afericao: '2026-05-01',
          time_afericao: '08:00',
        },
      },
      201,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(INDICADOR_MESSAGES.inserted)).not.toBeNull();
    await waitFor(() => expect(sis().value).toBe(''));
    expect(screen.getByRole('region', { name: 'Última medição salva' }).textContent).toContain('Alterada');
  });

  it('shows the insert failure message when the server gives none', async () => {
    open({ onSave: () => new Response('', { status: 500 }) });
    type(sis(), '120');
    type(dia(), '80');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(INDICADOR_MESSAGES.insertError)).not.toBeNull();
    expect(sis().value).toBe('120');
  });

  it('disables the form of a locked user, with a way to /planos', async () => {
    open({ locked: true });
    expect(await screen.findByText(INDICADOR_MESSAGES.locked)).not.toBeNull();
    expect(sis().disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Salvar' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Ver planos' }).getAttribute('href')).toBe('/planos');
  });
});
