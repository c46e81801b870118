import { Alert, Button, Text } from '@mantine/core';
import { TIMELINE_MESSAGES } from '@pulso/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import classes from './trial-lock.module.css';

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
