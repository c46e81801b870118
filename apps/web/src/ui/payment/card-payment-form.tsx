import { Group, Stack, Text } from '@mantine/core';
import { cvcSize } from '@pulso/domain';
import { type FormEvent, lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import { api } from '../../lib/api.ts';
import { MaskedTextInput } from '../masked-text-input.tsx';
import { PageLoader } from '../page-loader.tsx';
import { QueryError } from '../query-error.tsx';
import {
  type CardFieldsErrors,
  type CardFieldsValues,
  cardBrandName,
  validateCard,
} from './card-validation.ts';
import { usePaymentConfig } from './payment-config.ts';
import { type CardFormChrome, PaymentActions, PaymentFailure } from './payment-form-parts.tsx';
import { type OnPaymentMethod, usePaymentSubmit } from './use-payment-submit.ts';

// Stripe.js loads only in `stripe` mode, in its own chunk.
const StripeCardForm = lazy(() => import('./stripe-card-form.tsx'));

/** Props of {@link CardPaymentForm}. */
export interface CardPaymentFormProps {
  /** The submit button's text, with the amount when there is one ('Pagar R$ 59,90'). */
  submitLabel: string;
  /**
   * Charges or saves the card: receives the payment method id (`pm_…`) and
   * the form's idempotency key (send it as the `Idempotency-Key` header).
   * Throws an `ApiError` whose message (a 402's provider message) is shown in the form.
   */
  onPaymentMethod: OnPaymentMethod;
  /** `stripe` mode: the SetupIntent's `client_secret`; the card is confirmed with `confirmCardSetup`. */
  setupIntentClientSecret?: string;
  disabled?: boolean;
  /** Shown beside the submit button ('Voltar'). */
  secondaryAction?: ReactNode;
}

/**
 * The card form of every payment (issue 8 "Payment providers"; a refusal
 * shows the provider's message: docs/architecture.md "Shared controls").
 * It asks `GET /api/pagamentos/config` which provider is on:
 * - `sandbox`: 'Número do cartão' (masked), 'Validade' MM/AA and 'CVC',
 *   checked by the domain's card check (Luhn, expiry not past, CVC length by
 *   brand; docs/payments-and-admin.md "Payment providers") before `POST /api/sandbox/payment-methods` makes the payment method;
 * - `stripe`: Stripe Elements, so card numbers never reach Pulso
 *   (`createPaymentMethod`, or `confirmCardSetup` with the SetupIntent).
 *
 * Then `onPaymentMethod(id, idempotencyKey)`. One submit at a time; a
 * refusal shows inside the form (role=alert) and keeps what was typed but the CVC.
 */
export function CardPaymentForm(props: CardPaymentFormProps) {
  const config = usePaymentConfig();
  if (config.isPending) return <PageLoader />;
  if (config.isError) {
    return (
      <QueryError
        title="Não foi possível abrir o pagamento"
        message={config.error.message}
        onRetry={() => void config.refetch()}
        retrying={config.isFetching}
      />
    );
  }
  if (config.data.provider === 'stripe' && config.data.publishable_key) {
    return (
      <Suspense fallback={<PageLoader />}>
        <StripeCardForm {...props} publishableKey={config.data.publishable_key} />
      </Suspense>
    );
  }
  return <SandboxCardForm {...props} />;
}

const EMPTY: CardFieldsValues = { number: '', expiry: '', cvc: '' };
const FIELD_ORDER = ['number', 'expiry', 'cvc'] as const;

/** The sandbox's card fields (test cards only; the server never stores the number or the CVC). */
function SandboxCardForm({
  submitLabel,
  onPaymentMethod,
  disabled,
  secondaryAction,
}: CardFormChrome & { onPaymentMethod: OnPaymentMethod }) {
  const [values, setValues] = useState<CardFieldsValues>(EMPTY);
  const [errors, setErrors] = useState<CardFieldsErrors>({});
  const submit = usePaymentSubmit(onPaymentMethod);
  const refs = {
    number: useRef<HTMLInputElement>(null),
    expiry: useRef<HTMLInputElement>(null),
    cvc: useRef<HTMLInputElement>(null),
  };
  const brand = cardBrandName(values.number);
  const cvcDigits = cvcSize(values.number);

  const set = (field: keyof CardFieldsValues) => (value: string) => {
    setValues((old) => ({ ...old, [field]: value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (disabled || submit.busy) return;
    const checked = validateCard(values);
    setErrors(checked.errors);
    const { payload } = checked;
    if (!payload) {
      const first = FIELD_ORDER.find((field) => checked.errors[field]);
      if (first) refs[first].current?.focus();
      return;
    }
    const outcome = await submit.run(
      async () => (await api.post<{ id: string }>('/sandbox/payment-methods', payload)).id,
    );
    if (outcome === 'failed') setValues((old) => ({ ...old, cvc: '' }));
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Dados do cartão">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {
            'Ambiente de testes: use o cartão 4242\u00a04242\u00a04242\u00a04242, uma validade futura e qualquer CVC.'
          }
        </Text>
        <MaskedTextInput
          label="Número do cartão"
          mask="0000 0000 0000 0000 000"
          value={values.number}
          onChange={set('number')}
          inputRef={refs.number}
          name="cc-number"
          autoComplete="cc-number"
          inputMode="numeric"
          placeholder="0000 0000 0000 0000"
          description={brand ?? undefined}
          error={errors.number}
          aria-invalid={errors.number ? true : undefined}
          required
          withAsterisk
        />
        <Group grow align="flex-start" gap="sm">
          <MaskedTextInput
            label="Validade"
            mask="00/00"
            value={values.expiry}
            onChange={set('expiry')}
            inputRef={refs.expiry}
            name="cc-exp"
            autoComplete="cc-exp"
            inputMode="numeric"
            placeholder="MM/AA"
            error={errors.expiry}
            aria-invalid={errors.expiry ? true : undefined}
            required
            withAsterisk
          />
          <MaskedTextInput
            label="CVC"
            mask="0000"
            value={values.cvc}
            onChange={set('cvc')}
            inputRef={refs.cvc}
            name="cc-csc"
            autoComplete="cc-csc"
            inputMode="numeric"
            placeholder={'0'.repeat(cvcDigits)}
            error={errors.cvc}
            aria-invalid={errors.cvc ? true : undefined}
            required
            withAsterisk
          />
        </Group>
        <PaymentFailure message={submit.error} />
        <PaymentActions
          submitLabel={submitLabel}
          disabled={disabled}
          secondaryAction={secondaryAction}
          busy={submit.busy}
        />
      </Stack>
    </form>
  );
}
