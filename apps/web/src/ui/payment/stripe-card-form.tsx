import { Input, Stack } from '@mantine/core';
import {
  CardCvcElement,
  CardExpiryElement,
  CardNumberElement,
  Elements,
  useElements,
  useStripe,
} from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import type { FormEvent, ReactNode } from 'react';
import { type CardFormChrome, PaymentActions, PaymentFailure } from './payment-form-parts.tsx';
import classes from './stripe-card-form.module.css';
import { CardProviderError, type OnPaymentMethod, usePaymentSubmit } from './use-payment-submit.ts';

const stripes = new Map<string, Promise<Stripe | null>>();

/** Stripe.js for a publishable key, loaded once (pt-BR messages). */
export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey, { locale: 'pt-BR' });
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

/** Props of the `stripe` mode card form. */
export interface StripeCardFormProps extends CardFormChrome {
  publishableKey: string;
  onPaymentMethod: OnPaymentMethod;
  setupIntentClientSecret?: string;
}

/**
 * The card form in `stripe` mode (issue 8 "Payment providers"): Stripe
 * Elements in Stripe's iframes, so card numbers never reach Pulso. With a
 * SetupIntent `client_secret` the card is confirmed with `confirmCardSetup`
 * (3-D Secure handled by Stripe) and its payment method passed on; without
 * one, `createPaymentMethod`. Stripe's own pt-BR message shows on a refusal.
 */
export default function StripeCardForm({ publishableKey, ...props }: StripeCardFormProps) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ locale: 'pt-BR' }}>
      <StripeFields {...props} />
    </Elements>
  );
}

function StripeFields({
  submitLabel,
  onPaymentMethod,
  setupIntentClientSecret,
  disabled,
  secondaryAction,
}: Omit<StripeCardFormProps, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const submit = usePaymentSubmit(onPaymentMethod);

  const makePaymentMethod = async (): Promise<string> => {
    const card = elements?.getElement(CardNumberElement);
    if (!stripe || !card) throw new CardProviderError('O formulário do cartão ainda está carregando.');
    if (setupIntentClientSecret) {
      const result = await stripe.confirmCardSetup(setupIntentClientSecret, { payment_method: { card } });
      if (result.error) throw new CardProviderError(result.error.message ?? 'Seu cartão foi recusado.');
      const pm = result.setupIntent.payment_method;
      if (!pm) throw new CardProviderError('Seu cartão foi recusado.');
      return typeof pm === 'string' ? pm : pm.id;
    }
    const result = await stripe.createPaymentMethod({ type: 'card', card });
    if (result.error) throw new CardProviderError(result.error.message ?? 'Seu cartão foi recusado.');
    return result.paymentMethod.id;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (disabled || submit.busy) return;
    await submit.run(makePaymentMethod);
  };

  const field = (label: string, element: ReactNode) => (
    <Input.Wrapper label={label} labelElement="div" withAsterisk>
      <div className={classes.field}>{element}</div>
    </Input.Wrapper>
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Dados do cartão">
      <Stack gap="md">
        {field('Número do cartão', <CardNumberElement options={{ showIcon: true }} />)}
        {field('Validade', <CardExpiryElement />)}
        {field('CVC', <CardCvcElement />)}
        <PaymentFailure message={submit.error} />
        <PaymentActions
          submitLabel={submitLabel}
          disabled={disabled || !stripe}
          secondaryAction={secondaryAction}
          busy={submit.busy}
        />
      </Stack>
    </form>
  );
}
