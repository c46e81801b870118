import { Alert, Button, type ButtonProps, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { TIMELINE_MESSAGES } from '@pulso/domain';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import classes from './trial-lock.module.css';

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

/**
 * Why adding and editing are off for a locked user (docs/health-record.md
 * "Trial lock"), and the way out: a link to /planos. Reading and deleting
 * stay allowed, and the notice says so.
 */
export function LockedNotice({ children }: { children?: ReactNode }) {
  return (
    <Alert
      color="yellow"
      variant="light"
      title={TIMELINE_MESSAGES.locked}
      role="status"
      classNames={{ title: classes.title }}
    >
      <Text size="sm" mb="sm">
        {children ??
          'Assine um plano para voltar a adicionar e editar registros. Você continua podendo ver e excluir os que já tem.'}
      </Text>
      <Button component={Link} to={paths.planos} variant="outline" color="dark">
        Ver planos
      </Button>
    </Alert>
  );
}
