import { EMPRESA_MESSAGES } from '@pulso/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes } from '../../../test/render.tsx';
import { stubApi } from '../../../test/stub-api.ts';
import EmpresasPage from './empresas-page.tsx';

const empresa = {
  id: 3,
  nome: 'Construtora Horizonte',
  cnpj: '11222333000181',
  active: true,
  created_at: '2026-11-20T12:00:00.000Z',
  membros: 1,
  convites_disponiveis: 1,
};
const detalhe = {
  empresa,
  convites: [
    {
      id: 2,
      email: null,
      created_at: '2026-11-20T12:00:00.000Z',
      expires_at: '2099-12-20T12:00:00.000Z',
      used_at: null,
      used_by: null,
    },
    {
      id: 1,
      email: 'rh@horizonte.com.br',
      created_at: '2026-11-20T12:00:00.000Z',
      expires_at: '2099-12-20T12:00:00.000Z',
      used_at: '2026-11-21T12:00:00.000Z',
      used_by: { id: 9, name: 'Bruno Almeida' },
    },
  ],
  membros: [
    { id: 9, name: 'Bruno Almeida', email: 'bruno@horizonte.com.br', created_at: '2026-11-21T12:00:00.000Z' },
  ],
};
const LINK = `http://localhost/registerCompany/${'A'.repeat(43)}`;

function stub() {
  return stubApi(({ url, method }) => {
    if (url.endsWith('/admin/empresas') && method === 'GET') return jsonResponse({ empresas: [empresa] });
    if (url.endsWith('/admin/empresas/3') && method === 'GET') return jsonResponse(detalhe);
    if (url.endsWith('/admin/empresas/3/convites') && method === 'POST') {
      return jsonResponse(
        { message: EMPRESA_MESSAGES.convitesGerados, links: [LINK], expires_at: '2026-12-24T12:00:00.000Z' },
        201,
      );
    }
    if (url.endsWith('/admin/empresas/3/membros/9') && method === 'DELETE') {
      return jsonResponse({ message: EMPRESA_MESSAGES.vinculoEncerrado });
    }
    return undefined;
  });
}

const renderAt = (path: string) =>
  renderRoutes([{ path: '/admin/empresas', element: <EmpresasPage /> }], path);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('EmpresasPage (issue 9 "Companies")', () => {
  it('lists the companies with the masked CNPJ and opens one', async () => {
    stub();
    renderAt('/admin/empresas');
    const table = await screen.findByRole('table', { name: 'Empresas cadastradas' });
    expect(within(table).getByText('11.222.333/0001-81')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Abrir Construtora Horizonte' }));
    const panel = await screen.findByRole('region', { name: 'Construtora Horizonte' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Construtora Horizonte'));
    const convites = within(panel).getByRole('table', { name: 'Convites de Construtora Horizonte' });
    expect(within(convites).getByText('Usado')).toBeTruthy();
    expect(within(convites).getByText('Disponível')).toBeTruthy();
  });

  it('generates invitations and shows the links once', async () => {
    const { calls } = stub();
    renderAt('/admin/empresas?empresa=3');
    const form = await screen.findByRole('form', { name: 'Gerar convites' });
    fireEvent.change(within(form).getByLabelText(/^Quantos convites/), { target: { value: '5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Gerar convites' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ count: 5, expiresInDays: 30 });
    expect(((await screen.findByLabelText('Links de convite')) as HTMLTextAreaElement).value).toBe(LINK);
  });

  it("asks before ending a member's link, and ends it only when confirmed", async () => {
    const { calls } = stub();
    renderAt('/admin/empresas?empresa=3');
    fireEvent.click(await screen.findByRole('button', { name: 'Encerrar vínculo de Bruno Almeida' }));
    let dialog = await screen.findByRole('dialog', { name: 'Encerrar vínculo' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Encerrar vínculo' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Encerrar vínculo de Bruno Almeida' }));
    dialog = await screen.findByRole('dialog', { name: 'Encerrar vínculo' });
    expect(dialog.textContent).toContain('A conta deixa de ser empresarial');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Encerrar vínculo' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.method === 'DELETE')?.url).toMatch(/\/api\/admin\/empresas\/3\/membros\/9$/);
  });
});
