import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../test/render.tsx';
import { stubApi } from '../../test/stub-api.ts';
import { CardPaymentForm } from './card-payment-form.tsx';

const stripe = {
  createPaymentMethod: vi.fn(),
  confirmCardSetup: vi.fn(),
};
const cardElement = { kind: 'card-number-element' };
const loadStripe = vi.fn(async () => stripe);

vi.mock('@stripe/stripe-js/pure', () => ({
  loadStripe: (...args: unknown[]) => loadStripe(...(args as [])),
}));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: React.ReactNode }) => children,
  CardNumberElement: () => <div data-testid="stripe-number" />,
  CardExpiryElement: () => <div data-testid="stripe-expiry" />,
  CardCvcElement: () => <div data-testid="stripe-cvc" />,
  useStripe: () => stripe,
  useElements: () => ({ getElement: () => cardElement }),
}));

beforeEach(() => {
  stripe.createPaymentMethod.mockReset();
  stripe.confirmCardSetup.mockReset();
  loadStripe.mockClear();
  stubApi(({ url }) =>
    url === '/api/pagamentos/config'
      ? jsonResponse({ provider: 'stripe', publishable_key: 'pk_test_1' })
      : undefined,
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CardPaymentForm (stripe)', () => {
  it('loads Stripe.js with the publishable key and shows Elements instead of card inputs', async () => {
    renderWithProviders(<CardPaymentForm submitLabel="Pagar" onPaymentMethod={vi.fn()} />);
    expect(await screen.findByTestId('stripe-number')).toBeTruthy();
    expect(loadStripe).toHaveBeenCalledWith('pk_test_1', { locale: 'pt-BR' });
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('Número do cartão')).toBeTruthy();
  });

  it('creates the payment method with the card element and passes its id on', async () => {
    stripe.createPaymentMethod.mockResolvedValue({ paymentMethod: { id: 'pm_stripe_1' } });
    const onPaymentMethod = vi.fn(async (_id: string, _key: string) => {});
    renderWithProviders(<CardPaymentForm submitLabel="Pagar" onPaymentMethod={onPaymentMethod} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Pagar' }));
    await waitFor(() => expect(onPaymentMethod).toHaveBeenCalledTimes(1));
    expect(stripe.createPaymentMethod).toHaveBeenCalledWith({ type: 'card', card: cardElement });
    expect(stripe.confirmCardSetup).not.toHaveBeenCalled();
    expect(onPaymentMethod.mock.calls[0]).toEqual(['pm_stripe_1', expect.any(String)]);
  });

  it('confirms the SetupIntent when a client secret is given', async () => {
    stripe.confirmCardSetup.mockResolvedValue({ setupIntent: { payment_method: 'pm_setup_1' } });
    const onPaymentMethod = vi.fn(async (_id: string, _key: string) => {});
    renderWithProviders(
      <CardPaymentForm
        submitLabel="Assinar"
        onPaymentMethod={onPaymentMethod}
        setupIntentClientSecret="seti_1_secret_x"
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Assinar' }));
    await waitFor(() => expect(onPaymentMethod).toHaveBeenCalledTimes(1));
    expect(stripe.confirmCardSetup).toHaveBeenCalledWith('seti_1_secret_x', {
      payment_method: { card: cardElement },
    });
    expect(onPaymentMethod.mock.calls[0]?.[0]).toBe('pm_setup_1');
  });

  it("shows Stripe's own refusal message and does not call the page", async () => {
    stripe.createPaymentMethod.mockResolvedValue({ error: { message: 'Seu cartão foi recusado.' } });
    const onPaymentMethod = vi.fn(async (_id: string, _key: string) => {});
    renderWithProviders(<CardPaymentForm submitLabel="Pagar" onPaymentMethod={onPaymentMethod} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Pagar' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Seu cartão foi recusado.');
    expect(onPaymentMethod).not.toHaveBeenCalled();
  });
});
