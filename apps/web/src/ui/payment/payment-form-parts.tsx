import { Alert, Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** What every card form takes besides how it makes the payment method. */
export interface CardFormChrome {
  submitLabel: string;
  disabled?: boolean;
  secondaryAction?: ReactNode;
}

/** The provider's or the server's refusal, inside the form, announced to screen readers. */
export function PaymentFailure({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {message}
    </Alert>
  );
}

/** The secondary action (Voltar) beside the submit button, which stays busy while the payment runs. */
export function PaymentActions({
  submitLabel,
  disabled,
  secondaryAction,
  busy,
}: CardFormChrome & { busy: boolean }) {
  return (
    <Group justify="flex-end" gap="sm">
      {secondaryAction}
      <Button type="submit" loading={busy} disabled={disabled}>
        {submitLabel}
      </Button>
    </Group>
  );
}
