import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/router.tsx';
import { setToken } from '../../../lib/token.ts';
import { jsonResponse, renderRoutes } from '../../../test/render.tsx';
import { callsTo, makeMedicoMe, makePass, stubMedicoApi } from '../medico-fixtures.ts';
import { NO_PASSES, PASS_COPIED, PASS_COPY_FAILED } from './passes-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const usado = makePass({
  id: 2,
  code: 'HJKM2345',
  created_at: '2026-11-18T12:00:00.000Z',
  used_at: '2026-11-19T15:30:00.000Z',
  paciente: { id: 1, name: 'Ana Souza' },
});
const livre = makePass({ id: 3, code: 'PQRS6789', created_at: '2026-11-21T13:00:00.000Z' });

function stubClipboard(writeText: (text: string) => Promise<void>) {
  const spy = vi.fn(writeText);
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: spy } });
  return spy;
}

describe('/medico/passes (docs/telemedicine.md "Passes")', () => {
  it('explains what a pass is and lists each with its code, dates and who used it', async () => {
    setToken('doc');
    stubMedicoApi({
      'GET /api/medico/me': makeMedicoMe(),
      'GET /api/medico/passes': { passes: [livre, usado] },
    });
    renderRoutes(routes, '/medico/passes');
    // The first render loads the area's and the page's chunks.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Passes' }, { timeout: 5000 }),
    ).not.toBeNull();
    const explain = screen.getByRole('region', { name: 'O que é um passe?' });
    expect(explain.textContent).toContain('o paciente digita o passe');
    expect(explain.textContent).toContain('um único pedido');
    const list = screen.getByRole('region', { name: 'Seus passes' });
    const [first, second] = (await within(list).findAllByRole('listitem')) as [HTMLElement, HTMLElement];
    expect(first.textContent).toContain('PQRS-6789');
    expect(first.textContent).toContain('Disponível');
    expect(first.textContent).toContain('Gerado em 21/11/2026 às 10:00');
    expect(within(first).getByRole('button', { name: 'Copiar passe PQRS-6789' })).not.toBeNull();
    expect(second.textContent).toContain('HJKM-2345');
    expect(second.textContent).toContain('Usado em 19/11/2026 às 12:30 por Ana Souza');
    expect(within(second).queryByRole('button')).toBeNull();
    expect(document.title).toBe('Passes · Pulso');
  });

  it("issues a pass with POST /api/medico/passes, says 'Passe gerado' and shows it first", async () => {
    setToken('doc');
    const novo = makePass({ id: 4, code: 'WXYZ2345', created_at: '2026-11-22T17:05:00.000Z' });
    let passes = [livre];
    const { fetchMock } = stubMedicoApi({
      'GET /api/medico/me': makeMedicoMe(),
      'GET /api/medico/passes': () => ({ passes }),
      'POST /api/medico/passes': () => {
        passes = [novo, ...passes];
        return jsonResponse({ message: 'Passe gerado', pass: novo }, 201);
      },
    });
    renderRoutes(routes, '/medico/passes');
    const list = await screen.findByRole('region', { name: 'Seus passes' });
    await within(list).findByText('PQRS-6789');
    fireEvent.click(screen.getByRole('button', { name: 'Gerar passe' }));
    expect((await screen.findByRole('status')).textContent).toContain('Passe gerado');
    await waitFor(() => expect(within(list).getAllByRole('listitem')[0]?.textContent).toContain('WXYZ-2345'));
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(callsTo(fetchMock, 'POST /api/medico/passes')).toHaveLength(1);
  });

  it('copies the code as shown and says so, or says how to copy it by hand', async () => {
    setToken('doc');
    stubMedicoApi({ 'GET /api/medico/me': makeMedicoMe(), 'GET /api/medico/passes': { passes: [livre] } });
    const writeText = stubClipboard(async () => {});
    renderRoutes(routes, '/medico/passes');
    fireEvent.click(await screen.findByRole('button', { name: 'Copiar passe PQRS-6789' }));
    expect((await screen.findByRole('status')).textContent).toContain(PASS_COPIED);
    expect(writeText).toHaveBeenCalledWith('PQRS-6789');

    stubClipboard(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Copiar passe PQRS-6789' }));
    expect((await screen.findByRole('alert')).textContent).toContain(PASS_COPY_FAILED);
  });

  it('says so when no pass was issued, and shows a failure to issue one', async () => {
    setToken('doc');
    stubMedicoApi({
      'GET /api/medico/me': makeMedicoMe(),
      'GET /api/medico/passes': { passes: [] },
      'POST /api/medico/passes': jsonResponse({ message: 'Esta conta não é de um médico.' }, 403),
    });
    renderRoutes(routes, '/medico/passes');
    expect(await screen.findByText(NO_PASSES)).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Gerar passe' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Esta conta não é de um médico.');
  });
});
