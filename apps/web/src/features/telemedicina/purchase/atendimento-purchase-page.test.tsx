import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes } from '../../../test/render.tsx';
import { stubApi } from '../../../test/stub-api.ts';
import { makeUserView } from '../../../test/users.ts';
import AtendimentoPurchasePage from './atendimento-purchase-page.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('/telemedicina/purchase/atendimento', () => {
  it('shows the price on the Pay button, buys with the idempotency key and returns to the doctor', async () => {
    const user = { ...makeUserView(), atendimento_valor: 5990 };
    const { calls, fetchMock } = stubApi(({ url, method }) => {
      if (url === '/api/pagamentos/config')
        return jsonResponse({ provider: 'sandbox', publishable_key: null });
      if (url === '/api/telemedicina/purchase/atendimento' && method === 'GET') return jsonResponse({ user });
      if (url === '/api/sandbox/payment-methods') return jsonResponse({ id: 'pm_sb_2', card: {} });
      if (url === '/api/telemedicina/purchase/atendimento' && method === 'PUT')
        return jsonResponse({
          message: 'Pagamento realizado com sucesso!',
          user: { ...user, hasCredit: true },
        });
      return undefined;
    });
    const { router } = renderRoutes(
      [
        { path: '/telemedicina/purchase/atendimento', element: <AtendimentoPurchasePage /> },
        { path: '/telemedicina/medico/:id', element: <h1>Perfil</h1> },
      ],
      { pathname: '/telemedicina/purchase/atendimento', state: { from: '/telemedicina/medico/7' } },
    );
    const pay = await screen.findByRole('button', { name: 'Pagar R$\u00a059,90' });
    expect(screen.getByRole('link', { name: 'Voltar' }).getAttribute('href')).toBe('/telemedicina/medico/7');
    fireEvent.input(screen.getByLabelText('Número do cartão', { exact: false }), {
      target: { value: '4242424242424242' },
    });
    fireEvent.input(screen.getByLabelText('Validade', { exact: false }), { target: { value: '1230' } });
    fireEvent.input(screen.getByLabelText('CVC', { exact: false }), { target: { value: '123' } });
    fireEvent.click(pay);
    await waitFor(() => expect(router.state.location.pathname).toBe('/telemedicina/medico/7'));
    const put = calls.find((c) => c.url === '/api/telemedicina/purchase/atendimento' && c.method === 'PUT');
    expect(put?.body).toEqual({ payment_method: 'pm_sb_2' });
    const init = fetchMock.mock.calls.find(
      ([url, i]) => url === '/api/telemedicina/purchase/atendimento' && i?.method === 'PUT',
    )?.[1] as RequestInit;
    expect(new Headers(init.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('tells a patient who already has a credit', async () => {
    const user = { ...makeUserView({ hasCredit: true }), atendimento_valor: 5990 };
    stubApi(({ url }) => {
      if (url === '/api/pagamentos/config')
        return jsonResponse({ provider: 'sandbox', publishable_key: null });
      if (url === '/api/telemedicina/purchase/atendimento') return jsonResponse({ user });
      return undefined;
    });
    renderRoutes(
      [{ path: '/telemedicina/purchase/atendimento', element: <AtendimentoPurchasePage /> }],
      '/telemedicina/purchase/atendimento',
    );
    expect(await screen.findByText(/Você já tem um atendimento avulso disponível/)).toBeTruthy();
  });
});
