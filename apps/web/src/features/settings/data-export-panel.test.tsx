import type { ExportacaoView } from '@pulso/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/token.ts';
import { jsonResponse, renderWithProviders } from '../../test/render.tsx';
import { DataExportPanel } from './data-export-panel.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const pendente: ExportacaoView = {
  id: 7,
  status: 'pendente',
  bytes: null,
  created_at: '2026-11-28T13:00:00.000Z',
  ready_at: null,
  expires_at: null,
};
const pronto: ExportacaoView = {
  ...pendente,
  status: 'pronto',
  bytes: 2_600_000,
  ready_at: '2026-11-28T13:00:05.000Z',
  expires_at: '2026-11-29T13:00:05.000Z',
};

describe("/settings 'Baixar meus dados' (docs/data-export.md)", () => {
  it('asks for the ZIP, shows it being prepared, then offers the download until when it is valid', async () => {
    setToken('t0k3n');
    let state: ExportacaoView | null = null;
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/exportacao' && init?.method === 'POST') {
        state = pendente;
        return jsonResponse({ exportacao: pendente }, 202);
      }
      return jsonResponse({ exportacao: state });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<DataExportPanel />);
    expect(screen.getByRole('heading', { level: 2, name: 'Baixar meus dados' })).not.toBeNull();
    const preparar = await screen.findByRole('button', { name: 'Preparar meus dados' });
    await waitFor(() => expect(preparar.hasAttribute('disabled')).toBe(false));
    fireEvent.click(preparar);
    expect(await screen.findByText(/Preparando seus dados/)).not.toBeNull();
    state = pronto;
    // The panel asks again every 2 s while the ZIP is being made.
    const baixar = await screen.findByRole(
      'button',
      { name: 'Baixar (válido até 29/11/2026 às 10:00)' },
      { timeout: 5_000 },
    );
    expect(screen.getByText(/2,5 MB/)).not.toBeNull();
    expect(baixar).not.toBeNull();
  });

  it('says when the last file expired or failed, and offers to prepare again', async () => {
    setToken('t0k3n');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ exportacao: { ...pronto, status: 'falhou' } })),
    );
    renderWithProviders(<DataExportPanel />);
    expect(await screen.findByText('Não foi possível preparar o arquivo.')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Preparar meus dados' })).not.toBeNull();
  });
});
