import { Button } from '@mantine/core';
import { CARD_MESSAGES } from '@pulso/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { jsonResponse, renderWithProviders } from '../../test/render.tsx';
import { stubApi } from '../../test/stub-api.ts';
import { CardPaymentForm } from './card-payment-form.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function sandboxApi(
  paymentMethod: (body: { number: string }) => Response = () =>
    jsonResponse({ id: 'pm_sb_1', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 } }),
) {
  return stubApi(({ url, method, body }) => {
    if (url === '/api/pagamentos/config') return jsonResponse({ provider: 'sandbox', publishable_key: null });
    if (url === '/api/sandbox/payment-methods' && method === 'POST')
      return paymentMethod(body as { number: string });
    return undefined;
  });
}

function type(label: string, value: string) {
  fireEvent.input(screen.getByLabelText(label, { exact: false }), { target: { value } });
}

function fillGoodCard(number = '4242424242424242') {
  type('Número do cartão', number);
  type('Validade', '1230');
  type('CVC', '123');
}

describe('CardPaymentForm (sandbox)', () => {
  it('labels its fields for autofill and numeric keyboards, with the secondary action beside Pay', async () => {
    sandboxApi();
    renderWithProviders(
      <CardPaymentForm
        submitLabel="Pagar R$ 59,90"
        onPaymentMethod={vi.fn()}
        secondaryAction={<Button>Voltar</Button>}
      />,
    );
    const number = await screen.findByLabelText('Número do cartão', { exact: false });
    expect(number).toHaveProperty('autocomplete', 'cc-number');
    expect(number.getAttribute('inputmode')).toBe('numeric');
    expect(screen.getByLabelText('Validade', { exact: false }).getAttribute('autocomplete')).toBe('cc-exp');
    expect(screen.getByLabelText('CVC', { exact: false }).getAttribute('autocomplete')).toBe('cc-csc');
    expect(screen.getByRole('button', { name: 'Pagar R$ 59,90' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Voltar' })).toBeTruthy();
  });

  it('shows the field errors and sends nothing while the card is invalid', async () => {
    const { calls } = sandboxApi();
    const onPaymentMethod = vi.fn();
    renderWithProviders(<CardPaymentForm submitLabel="Pagar" onPaymentMethod={onPaymentMethod} />);
    await screen.findByLabelText('Número do cartão', { exact: false });
    type('Número do cartão', '4242424242424241');
    type('Validade', '0120');
    fireEvent.click(screen.getByRole('button', { name: 'Pagar' }));
    expect(await screen.findByText(CARD_MESSAGES.numberInvalid)).toBeTruthy();
    expect(screen.getByText(CARD_MESSAGES.expiryPast)).toBeTruthy();
    expect(screen.getByText(CARD_MESSAGES.cvcRequired)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Número do cartão', { exact: false }));
    expect(calls.filter((c) => c.url === '/api/sandbox/payment-methods')).toHaveLength(0);
    expect(onPaymentMethod).not.toHaveBeenCalled();
  });

  it('makes the payment method from the digits and passes it with a UUID idempotency key, once on a double click', async () => {
    const { calls } = sandboxApi();
    let finish: () => void = () => {};
    const onPaymentMethod = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    renderWithProviders(<CardPaymentForm submitLabel="Pagar" onPaymentMethod={onPaymentMethod} />);
    await screen.findByLabelText('Número do cartão', { exact: false });
    fillGoodCard();
    const pay = screen.getByRole('button', { name: 'Pagar' });
    fireEvent.click(pay);
    fireEvent.click(pay);
    await waitFor(() => expect(onPaymentMethod).toHaveBeenCalledTimes(1));
    fireEvent.click(pay);
    finish();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Pagar' }).hasAttribute('data-loading')).toBe(false),
    );
    const posts = calls.filter((c) => c.url === '/api/sandbox/payment-methods');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' });
    expect(onPaymentMethod).toHaveBeenCalledTimes(1);
    const [id, key] = onPaymentMethod.mock.calls[0] as unknown as [string, string];
    expect(id).toBe('pm_sb_1');
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("shows the provider's refusal of the card in the form, keeps the number and clears the CVC", async () => {
    sandboxApi(() => jsonResponse({ message: 'Seu cartão foi recusado.' }, 402));
    const onPaymentMethod = vi.fn();
    renderWithProviders(<CardPaymentForm submitLabel="Pagar" onPaymentMethod={onPaymentMethod} />);
    await screen.findByLabelText('Número do cartão', { exact: false });
    fillGoodCard('4000000000000002');
    fireEvent.click(screen.getByRole('button', { name: 'Pagar' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Seu cartão foi recusado.');
    expect(onPaymentMethod).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Número do cartão', { exact: false }) as HTMLInputElement).value).toBe(
      '4000 0000 0000 0002',
    );
    expect((screen.getByLabelText('Validade', { exact: false }) as HTMLInputElement).value).toBe('12/30');
    expect((screen.getByLabelText('CVC', { exact: false }) as HTMLInputElement).value).toBe('');
  });

  it('keeps the idempotency key for a retry, and makes a new one only after the charge was refused (402)', async () => {
    sandboxApi();
    const onPaymentMethod = vi
      .fn<(id: string, key: string) => Promise<void>>()
      .mockRejectedValueOnce(new ApiError(0, 'Sem conexão'))
      .mockRejectedValueOnce(new ApiError(402, 'Seu cartão não tem saldo suficiente.'))
      .mockResolvedValueOnce(undefined);
    renderWithProviders(<CardPaymentForm submitLabel="Pagar" onPaymentMethod={onPaymentMethod} />);
    await screen.findByLabelText('Número do cartão', { exact: false });
    for (const message of ['Sem conexão', 'Seu cartão não tem saldo suficiente.']) {
      fillGoodCard();
      fireEvent.click(screen.getByRole('button', { name: 'Pagar' }));
      expect((await screen.findByRole('alert')).textContent).toContain(message);
    }
    fillGoodCard();
    fireEvent.click(screen.getByRole('button', { name: 'Pagar' }));
    await waitFor(() => expect(onPaymentMethod).toHaveBeenCalledTimes(3));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    const keys = onPaymentMethod.mock.calls.map((call) => call[1]);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('offers a retry when the provider configuration cannot be read', async () => {
    stubApi(({ url }) =>
      url === '/api/pagamentos/config' ? jsonResponse({ message: 'Falhou' }, 500) : undefined,
    );
    renderWithProviders(<CardPaymentForm submitLabel="Pagar" onPaymentMethod={vi.fn()} />);
    expect(await screen.findByText('Não foi possível abrir o pagamento', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
  });
});
