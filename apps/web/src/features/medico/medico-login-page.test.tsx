import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import MedicoLoginPage from './medico-login-page.tsx';

afterEach(() => vi.unstubAllGlobals());

describe("/medico sign-in: 'Esqueci minha senha'", () => {
  it('opens the reset dialog with the e-mail typed and asks for the link', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ message: 'Enviamos um link para o seu e-mail.' }));
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes([{ path: '/medico', element: <MedicoLoginPage /> }], '/medico');
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'dra.ana@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Esqueci minha senha' }));
    const dialog = await screen.findByRole('dialog', { name: 'Esqueci minha senha' });
    const email = within(dialog).getByLabelText('E-mail') as HTMLInputElement;
    await waitFor(() => expect(email.value).toBe('dra.ana@example.com'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/password/email');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'dra.ana@example.com' });
    expect((await screen.findByRole('status')).textContent).toContain('Enviamos um link para o seu e-mail.');
  });
});
