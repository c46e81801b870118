import { IMC_MESSAGES, type ImcView, INDICADOR_MESSAGES } from '@pulso/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/token.ts';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import { type ApiCall, stubApi } from '../../test/stub-api.ts';
import { makeUserView } from '../../test/users.ts';
import ImcPage, { imcAoVivo } from './imc-page.tsx';
import IndicadoresPage from './indicadores-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const leitura = (over: Partial<ImcView> = {}): ImcView => ({
  id: 1,
  peso: 70,
  altura: 1.78,
  imc: 22.1,
  variacao_peso: null,
  status: 'normal',
  data_afericao: '2026-05-01',
  time_afericao: '07:00',
  ...over,
});

function open(
  path: string,
  {
    altura = 1.78 as number | null,
    items = [] as ImcView[],
    locked = false,
    onSave,
  }: {
    altura?: number | null;
    items?: ImcView[];
    locked?: boolean;
    onSave?: (call: ApiCall) => Response;
  } = {},
) {
  setToken('t');
  const api = stubApi((call) => {
    if (call.url === '/api/home' && call.method === 'GET') {
      return jsonResponse({ user: makeUserView({ trialEnded: locked }) });
    }
    if (call.url.startsWith('/api/home/imc?')) {
      return jsonResponse({ indice_massa_corporal: items, total: items.length, altura });
    }
    if (call.url === '/api/home/imc' && call.method === 'POST') return onSave?.(call);
    return undefined;
  });
  renderRoutes(
    [
      { path: '/indicador', element: <IndicadoresPage /> },
      { path: '/indicador/imc', element: <ImcPage /> },
    ],
    path,
  );
  return api;
}

describe('imcAoVivo', () => {
  it('computes the BMI of a valid weight typed with a comma, else null', () => {
    expect(imcAoVivo('72,5', 1.78)).toBe(22.9);
    expect(imcAoVivo('9,9', 1.78)).toBeNull();
    expect(imcAoVivo('250', 1.78)).toBeNull();
    expect(imcAoVivo('72,5', null)).toBeNull();
  });
});

describe('/indicador/imc', { timeout: 20_000 }, () => {
  it('without a height in the profile says so with a link to /home and shows no form', async () => {
    open('/indicador/imc', { altura: null });
    expect(await screen.findByText(IMC_MESSAGES.semAltura)).not.toBeNull();
    expect(
      screen.getByRole('link', { name: 'Informar altura nos dados de emergência' }).getAttribute('href'),
    ).toBe('/home');
    expect(screen.queryByRole('textbox', { name: /Peso/ })).toBeNull();
  });

  it('computes and classifies the BMI live, then shows the weight change the server computed', async () => {
    const api = open('/indicador/imc', {
      items: [leitura()],
      onSave: () =>
        jsonResponse(
          {
            message: INDICADOR_MESSAGES.inserted,
            indice_massa_corporal: leitura({
              id: 2,
              peso: 82,
              imc: 25.9,
              status: 'sobrepeso',
              variacao_peso: 12,
            }),
          },
          201,
        ),
    });
    const peso = (await screen.findByRole('textbox', { name: /Peso/ })) as HTMLInputElement;
    // Before saving: the latest reading of the history.
    expect(screen.getByRole('region', { name: 'Medição mais recente' }).textContent).toContain(
      'primeira medição',
    );
    fireEvent.input(peso, { target: { value: '72,5' } });
    expect(await screen.findByText('22,9')).not.toBeNull();
    expect(screen.getAllByText('Normal').length).toBeGreaterThan(0);
    fireEvent.input(peso, { target: { value: '82' } });
    expect(await screen.findByText('25,9')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(INDICADOR_MESSAGES.inserted)).not.toBeNull();
    const saved = screen.getByRole('region', { name: 'Última medição salva' });
    expect(saved.textContent).toContain('variação de peso: +12,0 kg');
    expect(within(saved).getByText('Sobrepeso')).not.toBeNull();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({ peso: '82' });
    await waitFor(() => expect(peso.value).toBe(''));
  });
});

describe('/indicador', { timeout: 20_000 }, () => {
  it('offers the four indicators', async () => {
    open('/indicador');
    for (const name of ['Registrar pressão', 'Registrar IMC', 'Registrar oxigenação', 'Registrar glicose']) {
      expect((await screen.findByRole('link', { name })).getAttribute('href')).toMatch(/^\/indicador\//);
    }
    expect(screen.getByRole('link', { name: 'Histórico de glicose' }).getAttribute('href')).toBe(
      '/indicador/glicose/historico',
    );
  });

  it('disables the entries of a locked user and points to /planos', async () => {
    open('/indicador', { locked: true });
    expect(await screen.findByRole('link', { name: 'Ver planos' })).not.toBeNull();
    // The notice's title, and each locked button's description.
    expect(screen.getAllByText(INDICADOR_MESSAGES.locked)).toHaveLength(5);
    for (const name of ['Registrar pressão', 'Registrar IMC', 'Registrar oxigenação', 'Registrar glicose']) {
      const button = screen.getByRole('button', { name });
      expect(button.getAttribute('aria-disabled')).toBe('true');
      expect(screen.queryByRole('link', { name })).toBeNull();
    }
    expect(screen.getByRole('link', { name: 'Ver planos' }).getAttribute('href')).toBe('/planos');
  });
});
