import type { PlanosAnswer, PlanoView } from '@pulso/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InitialEntry } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/token.ts';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import { stubApi } from '../../test/stub-api.ts';
import { makeUserView } from '../../test/users.ts';
import PlanosAlterarPage from './planos-alterar-page.tsx';
import PlanosPagamentoPage from './planos-pagamento-page.tsx';
import PlanosPage from './planos-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
});

const mensal: PlanoView = {
  id: 1,
  nome: 'Meu Prontuário',
  preco: 790,
  periodo: 'M',
  tipo: 1,
  descricao: 'Linha do tempo sem limite.',
  stripe_plan: 'meu-prontuario-mensal',
};
const anual: PlanoView = { ...mensal, id: 2, nome: 'Meu Prontuário Anual', preco: 7900, periodo: 'A' };
const semPlano: PlanosAnswer = {
  subscription: null,
  plano: null,
  paymentMethod: null,
  planos: [mensal, anual],
};
const subscription = {
  id: 9,
  stripe_plan: 'meu-prontuario-mensal',
  plano_id: 1,
  current_period_start: '2026-11-24T12:00:00.000Z',
  current_period_end: '2026-12-24T12:00:00.000Z',
  ends_at: null,
};
const comPlano: PlanosAnswer = {
  subscription,
  plano: mensal,
  paymentMethod: { brand: 'visa', last4: '4242', exp_month: 3, exp_year: 2031 },
  planos: [mensal, anual],
};

function render(path: InitialEntry) {
  return renderRoutes(
    [
      { path: '/planos', element: <PlanosPage /> },
      { path: '/planos/pagamento/:plano', element: <PlanosPagamentoPage /> },
      { path: '/planos/alterar', element: <PlanosAlterarPage /> },
      { path: '/telemedicina/medico/:id', element: <h1>Perfil do médico</h1> },
    ],
    path,
  );
}

describe('/planos', () => {
  /** Signed in as a patient made on 1 November 2026, today being `now`. */
  function signedIn(now: string, overrides: Parameters<typeof makeUserView>[0] = {}) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(now));
    setToken('t');
    const user = makeUserView({ created_at: '2026-11-01T15:00:00.000Z', ...overrides });
    return stubApi(({ url }) => {
      if (url === '/api/planos') return jsonResponse(semPlano);
      if (url === '/api/user') return jsonResponse({ user, mensagens: 0 });
      return undefined;
    });
  }

  it('says when the free month ends, in how many days, and that subscribing charges at once', async () => {
    signedIn('2026-11-10T12:00:00.000Z');
    render('/planos');
    expect(await screen.findByText('Seu período gratuito termina em 01/12/2026 (22 dias)')).toBeTruthy();
    expect(screen.getByText(/Ao assinar, a primeira cobrança é feita na hora/)).toBeTruthy();
    expect(screen.queryByText(/Assine um plano para continuar/)).toBeNull();
  });

  it('says the free month ended, and what a plan keeps open', async () => {
    signedIn('2026-12-02T12:00:00.000Z', { trialEnded: true });
    render('/planos');
    expect(
      await screen.findByText(
        'Seu período gratuito de 1 mês terminou. Assine um plano para continuar usando a linha do tempo, os indicadores e o mapa da dor.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Ao assinar, a primeira cobrança/)).toBeNull();
  });

  it('says nothing of a free month to a corporate account', async () => {
    const { fetchMock } = signedIn('2026-11-10T12:00:00.000Z', { empresarial: true });
    render('/planos');
    await screen.findByRole('heading', { name: 'Meu Prontuário' });
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/user')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByText(/período gratuito/)).toBeNull();
  });

  it('lists the plans on sale with price, period and a way to subscribe', async () => {
    stubApi(({ url }) => (url === '/api/planos' ? jsonResponse(semPlano) : undefined));
    render('/planos');
    const item = (await screen.findByRole('heading', { name: 'Meu Prontuário' })).closest(
      'li',
    ) as HTMLElement;
    expect(item.textContent).toContain('R$\u00a07,90');
    expect(item.textContent).toContain('/mês');
    expect(within(item).getByRole('link', { name: 'Assinar Meu Prontuário' }).getAttribute('href')).toBe(
      '/planos/pagamento/1',
    );
    expect(screen.getByText('/ano')).toBeTruthy();
  });

  it('shows the current plan, its card and next charge; cancelling is asked again and shows the chip', async () => {
    const cancelado = {
      ...comPlano,
      subscription: { ...subscription, ends_at: subscription.current_period_end },
    };
    let state: PlanosAnswer = comPlano;
    const { calls } = stubApi(({ url, method }) => {
      if (url === '/api/planos') return jsonResponse(state);
      if (url === '/api/planos/cancelar' && method === 'PUT') {
        state = cancelado;
        return jsonResponse({ ...cancelado, message: 'Assinatura cancelada.' });
      }
      return undefined;
    });
    render('/planos');
    const region = await screen.findByRole('region', { name: 'Meu Prontuário' });
    expect(region.textContent).toContain('Próxima cobrança em 24/12/2026.');
    expect(region.textContent).toContain('Visa •••• 4242 · validade 03/31');
    expect(within(region).queryByText('Cancelado')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Cancelar assinatura' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar assinatura?' });
    expect(calls.some((c) => c.url === '/api/planos/cancelar')).toBe(false);
    // Beside 'Confirmar cancelamento', the way out says 'Voltar', not a second 'Cancelar'.
    expect(within(dialog).getByRole('button', { name: 'Voltar' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Cancelar' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar cancelamento' }));
    expect(await within(region).findByText('Cancelado')).toBeTruthy();
    expect(region.textContent).toContain('Seu plano continua ativo até 24/12/2026.');
    expect(screen.getByRole('button', { name: 'Reativar assinatura' })).toBeTruthy();
    expect(calls.filter((c) => c.url === '/api/planos/cancelar')).toHaveLength(1);
  });

  it("shows the server's message when renewing fails", async () => {
    const cancelado = {
      ...comPlano,
      subscription: { ...subscription, ends_at: subscription.current_period_end },
    };
    stubApi(({ url }) => {
      if (url === '/api/planos') return jsonResponse(cancelado);
      if (url === '/api/planos/renovar')
        return jsonResponse({ message: 'Esta assinatura não está cancelada.' }, 409);
      return undefined;
    });
    render('/planos');
    fireEvent.click(await screen.findByRole('button', { name: 'Reativar assinatura' }));
    expect(await screen.findByText('Esta assinatura não está cancelada.')).toBeTruthy();
  });
});

/** The monthly plan's payment page and subscription, `/api/planos` answering `planos`. */
function subscribeApi(planos: PlanosAnswer) {
  return stubApi(({ url, method }) => {
    if (url === '/api/pagamentos/config') return jsonResponse({ provider: 'sandbox', publishable_key: null });
    if (url === '/api/planos/pagamento/1')
      return jsonResponse({ plano: mensal, intent: { client_secret: 'seti_x' } });
    if (url === '/api/sandbox/payment-methods') return jsonResponse({ id: 'pm_sb_9', card: {} });
    if (url === '/api/planos/subscribe' && method === 'PUT')
      return jsonResponse({ ...comPlano, message: 'Pagamento realizado com sucesso!' });
    if (url === '/api/planos') return jsonResponse(planos);
    return undefined;
  });
}

/** Types the test card on the payment page and subscribes to the monthly plan. */
async function payMonthly() {
  await screen.findByLabelText('Número do cartão', { exact: false });
  fireEvent.input(screen.getByLabelText('Número do cartão', { exact: false }), {
    target: { value: '4242424242424242' },
  });
  fireEvent.input(screen.getByLabelText('Validade', { exact: false }), { target: { value: '1230' } });
  fireEvent.input(screen.getByLabelText('CVC', { exact: false }), { target: { value: '123' } });
  fireEvent.click(screen.getByRole('button', { name: 'Assinar por R$\u00a07,90/mês' }));
}

describe('/planos/pagamento/:plano', () => {
  it('subscribes with the payment method and the idempotency key, then goes to /planos', async () => {
    const { fetchMock, calls } = subscribeApi(comPlano);
    const { router } = render('/planos/pagamento/1');
    await payMonthly();
    await waitFor(() => expect(router.state.location.pathname).toBe('/planos'));
    expect(await screen.findByText('Pagamento realizado com sucesso!')).toBeTruthy();
    const put = calls.find((c) => c.url === '/api/planos/subscribe');
    expect(put?.body).toEqual({ stripe_plan: 'meu-prontuario-mensal', payment_method: 'pm_sb_9' });
    const init = fetchMock.mock.calls.find(([url]) => url === '/api/planos/subscribe')?.[1] as RequestInit;
    expect(new Headers(init.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('opened from a doctor’s profile, goes back there after subscribing (through /planos)', async () => {
    subscribeApi(semPlano);
    // Opened with the state a doctor's profile gives (a navigation after the first render could lose the race
    // with the link's re-render on a loaded machine: the link was clicked still holding no state).
    const { router } = render({ pathname: '/planos', state: { from: '/telemedicina/medico/7?solicitar=1' } });
    fireEvent.click(await screen.findByRole('link', { name: 'Assinar Meu Prontuário' }));
    await payMonthly();
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/telemedicina/medico/7?solicitar=1',
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Perfil do médico' })).toBeTruthy();
  });

  it("says 'Plano não encontrado.' for a plan not on sale", async () => {
    stubApi(({ url }) =>
      url === '/api/planos/pagamento/5' ? jsonResponse({ message: 'Plano não encontrado.' }, 404) : undefined,
    );
    render('/planos/pagamento/5');
    expect(await screen.findByText('Plano não encontrado.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver planos' })).toBeTruthy();
  });
});

describe('/planos/alterar', () => {
  it('shows the proration before confirming and sends the change with an idempotency key', async () => {
    const { fetchMock } = stubApi(({ url, method }) => {
      if (url === '/api/planos') return jsonResponse(comPlano);
      if (url === '/api/planos/alterar/2' && method === 'GET')
        return jsonResponse({
          plano: anual,
          prorrateio: { credito: 395, cobranca: 7505, saldo: 0, saldo_usado: 0 },
        });
      if (url === '/api/planos/alterar/2' && method === 'PUT')
        return jsonResponse({ ...comPlano, plano: anual, message: 'Plano alterado com sucesso!' });
      return undefined;
    });
    const { router } = render('/planos/alterar');
    expect(screen.queryByRole('button', { name: 'Escolher Meu Prontuário' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Escolher Meu Prontuário Anual' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mudar para Meu Prontuário Anual' });
    await within(dialog).findByText('R$ 75,05');
    expect(within(dialog).getByText('R$ 3,95')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar e pagar R$\u00a075,05' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/planos'));
    const put = fetchMock.mock.calls.find(
      ([url, init]) => url === '/api/planos/alterar/2' && init?.method === 'PUT',
    );
    expect(new Headers(put?.[1]?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends a user without a plan to the plans list', async () => {
    stubApi(({ url }) => (url === '/api/planos' ? jsonResponse(semPlano) : undefined));
    render('/planos/alterar');
    expect(await screen.findByText('Você não tem um plano ativo.')).toBeTruthy();
  });
});
