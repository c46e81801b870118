import { Button, type ButtonProps, Tooltip, VisuallyHidden } from '@mantine/core';
import { TIMELINE_MESSAGES } from '@pulso/domain';
import { type ReactNode, useId } from 'react';

/**
 * A write the trial lock forbids (docs/health-record.md "Trial lock"): the
 * button reads as disabled yet stays focusable and hoverable
 * (`data-disabled`, not `disabled`), so its tooltip 'Seu período gratuito de
 * 1 mês terminou.' is reached by mouse, touch and keyboard; screen readers
 * hear the message as the button's description. Clicking does nothing.
 */
export function LockedButton({
  children,
  ...props
}: Omit<ButtonProps, 'disabled'> & { children: ReactNode }) {
  const id = useId();
  return (
    <>
      <Tooltip label={TIMELINE_MESSAGES.locked} events={{ hover: true, focus: true, touch: true }} withArrow>
        <Button
          {...props}
          data-disabled
          aria-disabled="true"
          aria-describedby={id}
          onClick={(event) => event.preventDefault()}
        >
          {children}
        </Button>
      </Tooltip>
      <VisuallyHidden id={id}>{TIMELINE_MESSAGES.locked}</VisuallyHidden>
    </>
  );
}
