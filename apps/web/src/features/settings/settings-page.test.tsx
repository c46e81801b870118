import { SETTINGS_MESSAGES } from '@pulso/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getToken, setToken } from '../../lib/token.ts';
import { warmPasswordRule } from '../../test/password-rule.ts';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import SettingsPage from './settings-page.tsx';

// 'Baixar meus dados' asks for its state on mount; its own tests are data-export-panel.test.tsx.
vi.mock('./data-export-panel.tsx', () => ({ DataExportPanel: () => null }));

beforeAll(warmPasswordRule, 60_000);

const routes = [
  { path: '/settings', element: <SettingsPage /> },
  { path: '/login', element: <h1>Entrar</h1> },
];

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** A field by its label (required fields carry an asterisk after it). */
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;

function fill(label: string, value: string) {
  fireEvent.change(field(label), { target: { value } });
}

const submitPassword = () => fireEvent.submit(screen.getByRole('form', { name: 'Alterar senha' }));

describe('/settings \'Alterar Senha\' (docs/accounts.md "Password change")', () => {
  it('shows the three documented messages when submitted empty and calls nobody', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, '/settings');
    expect(screen.getByRole('heading', { level: 1, name: 'Configurações' })).not.toBeNull();
    expect(screen.getByRole('tab', { name: 'Alterar Senha' }).getAttribute('aria-selected')).toBe('true');
    submitPassword();
    expect(await screen.findByText('Informe sua senha atual')).not.toBeNull();
    expect(screen.getByText('Informe sua nova senha')).not.toBeNull();
    expect(screen.getByText('Informe sua nova senha novamente')).not.toBeNull();
    expect(document.activeElement).toBe(field('Senha atual'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for 8 characters and clears a confirmation that differs', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, '/settings');
    fill('Senha atual', 'senha-antiga-1');
    fill('Nova senha', '1234567');
    fill('Confirme a nova senha', '1234567');
    submitPassword();
    expect(await screen.findByText(SETTINGS_MESSAGES.passwordShort)).not.toBeNull();
    fill('Nova senha', 'nova-senha-123');
    fill('Confirme a nova senha', 'outra-senha-123');
    submitPassword();
    expect(await screen.findByText('As senhas devem ser iguais')).not.toBeNull();
    expect(field('Confirme a nova senha').value).toBe('');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the new password’s strength live and refuses a weak one before sending', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, '/settings');
    const meter = screen.getByTestId('password-strength');
    fill('Senha atual', 'senha-antiga-1');
    fill('Nova senha', 'aaaaaaaa');
    await waitFor(() => expect(meter.textContent).toContain('Força da senha: Muito fraca (ainda não serve)'));
    expect(
      within(meter).getByText('Caracteres repetidos, como "aaa" são fáceis de adivinhar.'),
    ).not.toBeNull();
    fill('Confirme a nova senha', 'aaaaaaaa');
    submitPassword();
    expect(await screen.findByText(/^Senha fraca\. Caracteres repetidos/)).not.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    fill('Nova senha', 'cavalo correto bateria grampo');
    await waitFor(() => expect(meter.textContent).toBe('Força da senha: Forte'));
  });

  it('sends the three fields, shows the success message and empties the form', async () => {
    setToken('t0k3n');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ message: 'Senha alterada com sucesso' })),
    );
    renderRoutes(routes, '/settings');
    fill('Senha atual', 'senha-antiga-1');
    fill('Nova senha', 'nova-senha-123');
    fill('Confirme a nova senha', 'nova-senha-123');
    submitPassword();
    expect(await screen.findByText('Senha alterada com sucesso')).not.toBeNull();
    const [url, init] = vi.mocked(fetch).mock.calls[0] ?? [];
    expect(url).toBe('/api/settings/password');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({
      password_current: 'senha-antiga-1',
      password: 'nova-senha-123',
      password_confirmation: 'nova-senha-123',
    });
    await waitFor(() => expect(field('Senha atual').value).toBe(''));
    expect(getToken()).toBe('t0k3n');
  });

  it("puts the server's 'Senha atual incorreta' under the current password", async () => {
    setToken('t0k3n');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          { message: 'Senha atual incorreta', errors: { password_current: ['Senha atual incorreta'] } },
          422,
        ),
      ),
    );
    renderRoutes(routes, '/settings');
    fill('Senha atual', 'errada-123');
    fill('Nova senha', 'nova-senha-123');
    fill('Confirme a nova senha', 'nova-senha-123');
    submitPassword();
    const current = field('Senha atual');
    await waitFor(() => expect(screen.getAllByText('Senha atual incorreta').length).toBe(2));
    expect(current.getAttribute('aria-invalid')).toBe('true');
    const describedBy = current.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Senha atual incorreta');
    expect(document.activeElement).toBe(current);
  });
});

describe('/settings \'Encerrar conta\' (docs/accounts.md "Closing the account")', () => {
  async function openDialog() {
    fireEvent.click(screen.getByRole('tab', { name: 'Encerrar conta' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Encerrar conta' }));
    return screen.findByRole('dialog', { name: 'Encerrar sua conta?' });
  }

  it('explains the effect and does nothing on Cancelar', async () => {
    setToken('t0k3n');
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, '/settings');
    const dialog = await openDialog();
    expect(within(dialog).getByText(/não conseguirá mais entrar/)).not.toBeNull();
    expect(within(dialog).getByText(/deixará de funcionar/)).not.toBeNull();
    expect(within(dialog).getByText(/Seus dados ficam guardados, não são apagados/)).not.toBeNull();
    expect(within(dialog).queryByText(/exportação dos dados/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock).not.toHaveBeenCalled();
    expect(getToken()).toBe('t0k3n');
  });

  it('closes the account, forgets the token and goes to /login', async () => {
    setToken('t0k3n');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ message: 'Sua conta foi encerrada.' })),
    );
    const { router } = renderRoutes(routes, '/settings');
    const dialog = await openDialog();
    // The password first: without it nothing is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Encerrar minha conta' }));
    expect(await within(dialog).findByText('Informe sua senha para encerrar a conta')).not.toBeNull();
    expect(vi.mocked(fetch)).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText(/^Senha/), { target: { value: 'minha-senha-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Encerrar minha conta' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getToken()).toBeNull();
    const [url, init] = vi.mocked(fetch).mock.calls[0] ?? [];
    expect(url).toBe('/api/settings/account/closed');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ is_active: false, password: 'minha-senha-1' });
    expect(await screen.findByText('Sua conta foi encerrada.')).not.toBeNull();
  });

  it("shows 'Erro ao encerrar sua conta!' when the server fails, and keeps the session", async () => {
    setToken('t0k3n');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ message: 'Ocorreu um erro inesperado.' }, 500)),
    );
    const { router } = renderRoutes(routes, '/settings');
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText(/^Senha/), { target: { value: 'minha-senha-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Encerrar minha conta' }));
    expect(await screen.findByText('Erro ao encerrar sua conta!')).not.toBeNull();
    expect(router.state.location.pathname).toBe('/settings');
    expect(getToken()).toBe('t0k3n');
  });

  it("says 'Senha incorreta' under the field for a wrong password, keeping the dialog and the session", async () => {
    setToken('t0k3n');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ message: 'Senha incorreta', errors: { password: ['Senha incorreta'] } }, 422),
      ),
    );
    const { router } = renderRoutes(routes, '/settings');
    const dialog = await openDialog();
    const field = within(dialog).getByLabelText(/^Senha/) as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'errada' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Encerrar minha conta' }));
    expect(await within(dialog).findByText('Senha incorreta')).not.toBeNull();
    expect(field.value).toBe('errada');
    expect(router.state.location.pathname).toBe('/settings');
    expect(getToken()).toBe('t0k3n');
  });
});

describe('/settings \'Excluir conta\' (docs/account-deletion.md "Asking")', () => {
  async function openDialog() {
    fireEvent.click(screen.getByRole('tab', { name: 'Excluir conta' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Excluir minha conta e meus dados' }));
    return screen.findByRole('dialog', { name: 'Excluir sua conta e seus dados?' });
  }

  it('asks for the password and EXCLUIR typed before sending; then signs out to /login with the day', async () => {
    setToken('t0k3n');
    const message =
      'Sua conta foi desativada e os seus dados serão excluídos em 05/12/2026. Para cancelar, entre de novo até lá.';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ message, exclui_em: '2026-12-05T22:00:00.000Z' })),
    );
    const { router } = renderRoutes(routes, '/settings');
    const dialog = await openDialog();
    expect(within(dialog).getByText(/Depois de 7 dias, apagamos/)).not.toBeNull();
    expect(within(dialog).getByText(/Guardamos só o que a lei exige/)).not.toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir minha conta' }));
    expect(await within(dialog).findByText('Informe sua senha para excluir a conta')).not.toBeNull();
    expect(within(dialog).getByText('Digite EXCLUIR para confirmar a exclusão')).not.toBeNull();
    fireEvent.change(within(dialog).getByLabelText(/^Senha/), { target: { value: 'minha-senha-1' } });
    fireEvent.change(within(dialog).getByLabelText(/^Para confirmar, digite EXCLUIR/), {
      target: { value: 'excluir' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir minha conta' }));
    expect(await within(dialog).findByText('Digite EXCLUIR para confirmar a exclusão')).not.toBeNull();
    expect(vi.mocked(fetch)).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText(/^Para confirmar, digite EXCLUIR/), {
      target: { value: 'EXCLUIR' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir minha conta' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getToken()).toBeNull();
    const [url, init] = vi.mocked(fetch).mock.calls[0] ?? [];
    expect(url).toBe('/api/settings/excluir');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ password: 'minha-senha-1', confirmacao: 'EXCLUIR' });
    expect(await screen.findByText(message)).not.toBeNull();
  });

  it("says 'Senha incorreta' under the field, keeping the dialog and the session", async () => {
    setToken('t0k3n');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ message: 'Senha incorreta', errors: { password: ['Senha incorreta'] } }, 422),
      ),
    );
    const { router } = renderRoutes(routes, '/settings');
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText(/^Senha/), { target: { value: 'errada' } });
    fireEvent.change(within(dialog).getByLabelText(/^Para confirmar, digite EXCLUIR/), {
      target: { value: 'EXCLUIR' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir minha conta' }));
    expect(await within(dialog).findByText('Senha incorreta')).not.toBeNull();
    expect(router.state.location.pathname).toBe('/settings');
    expect(getToken()).toBe('t0k3n');
  });
});

describe('/settings leads to /profissional (issue 7)', () => {
  it("links 'Cadastro de profissional' to /profissional", () => {
    vi.stubGlobal('fetch', vi.fn());
    renderRoutes(routes, '/settings');
    const link = screen.getByRole('link', { name: 'Cadastro de profissional' });
    expect(link.getAttribute('href')).toBe('/profissional');
  });
});
