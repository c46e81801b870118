import type { CartaoFacts } from '@pulso/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/token.ts';
import { CARTAO_FACTS } from '../../../test/cartao-fixtures.ts';
import { jsonResponse, renderRoutes } from '../../../test/render.tsx';
import { readCartaoCopy, saveCartaoCopy } from './cartao-copy.ts';
import CartaoPage from './cartao-page.tsx';

const FACTS = CARTAO_FACTS;
const TOKEN = '1|cccccccccccccccccccccccccccccccccccccccc';
const routes = [{ path: '/cartao', element: <CartaoPage /> }];

function online(facts: CartaoFacts = FACTS) {
  const fetchMock = vi.fn(async (url: string | URL | Request) =>
    String(url) === '/api/qrcode/cartao'
      ? jsonResponse({ cartao: facts })
      : jsonResponse({ message: 'Não encontrado' }, 404),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function offline() {
  const fetchMock = vi.fn(async () => {
    throw new TypeError('Failed to fetch');
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function card() {
  return within(await screen.findByRole('article', { name: FACTS.name }));
}

beforeEach(() => {
  setToken(TOKEN);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('/cartao, the offline emergency card (docs/offline-card.md)', () => {
  it('online: shows the card from the network, its QR drawn on the device, and keeps a copy', async () => {
    online();
    renderRoutes(routes, '/cartao');
    const shown = await card();
    expect(screen.getByRole('heading', { level: 1, name: 'Meu cartão de emergência' })).not.toBeNull();
    expect(shown.getByText('123 AB 456')).not.toBeNull();
    expect(shown.getByText('O-')).not.toBeNull();
    expect(shown.getByText('Penicilina')).not.toBeNull();
    expect(shown.queryByText('Medicamentos')).toBeNull();
    expect(shown.getByText(FACTS.contato as string)).not.toBeNull();
    expect(shown.getByRole('link', { name: 'Ligar para o contato de emergência' }).getAttribute('href')).toBe(
      'tel:+5511912345678',
    );
    expect(shown.getByRole('link', { name: 'SAMU 192' }).getAttribute('href')).toBe('tel:192');
    expect(shown.getByRole('link', { name: 'Bombeiros 193' }).getAttribute('href')).toBe('tel:193');
    const qr = await shown.findByRole('img', { name: 'QR Code do seu código pessoal' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(screen.getByText(/^Atualizado em \d{2}\/\d{2}\/\d{4}$/)).not.toBeNull();
    expect(screen.queryByText('Sem conexão')).toBeNull();
    expect(readCartaoCopy(TOKEN)?.cartao).toEqual(FACTS);
  });

  it('offline with a copy: shows the copy with the date of the last sync', async () => {
    saveCartaoCopy(TOKEN, { ...FACTS, medicamentos: 'Losartana 50 mg' }, new Date('2026-03-04T15:00:00Z'));
    const fetchMock = offline();
    renderRoutes(routes, '/cartao');
    const shown = await card();
    expect(screen.getByText('Atualizado em 04/03/2026')).not.toBeNull();
    expect(screen.getByText('Mostrando a cópia guardada neste aparelho.')).not.toBeNull();
    expect(shown.getByText('Losartana 50 mg')).not.toBeNull();
    expect(shown.getByRole('link', { name: 'SAMU 192' })).not.toBeNull();
    expect(await shown.findByRole('img', { name: 'QR Code do seu código pessoal' })).not.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("offline without a copy (or only another session's): a clear pt-BR message and 'Tentar novamente'", async () => {
    saveCartaoCopy('9|another-account-token', FACTS);
    offline();
    renderRoutes(routes, '/cartao');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Não foi possível abrir seu cartão')).not.toBeNull();
    expect(
      within(alert).getByText(
        'Sem conexão, e este aparelho ainda não tem uma cópia do seu cartão. Abra esta página uma vez com internet para guardá-la aqui.',
      ),
    ).not.toBeNull();
    expect(within(alert).getByRole('button', { name: 'Tentar novamente' })).not.toBeNull();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('leaves out the call link when the contact has no phone, and says a blank blood type', async () => {
    online({ ...FACTS, sangue: null, contato: 'João Pereira', telefone: null, alergias: null });
    renderRoutes(routes, '/cartao');
    const shown = await card();
    expect(shown.getByText('Não informado')).not.toBeNull();
    expect(shown.queryByRole('link', { name: 'Ligar para o contato de emergência' })).toBeNull();
    expect(shown.queryByText('Alergias')).toBeNull();
    expect(shown.getByRole('link', { name: 'Bombeiros 193' })).not.toBeNull();
  });
});
