import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { AUTH_MESSAGES } from '@pulso/domain';
import { generatePath, Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import type { InvitationState } from './api/get-invitation.ts';
import classes from './register-notice.module.css';

/**
 * Shown instead of the registration form while a company invitation is being
 * checked, or when it cannot be used
 * (docs/accounts.md "Registering with an invitation"): no form ever posts a
 * dead token. An invalid invitation offers the normal registration; a failed
 * check offers to try again.
 */
export function InvitationStatus({
  state,
  onRetry,
}: {
  state: Exclude<InvitationState, { status: 'none' } | { status: 'usable' }>;
  onRetry: () => void;
}) {
  if (state.status === 'checking') {
    return (
      <Text size="sm" role="status">
        Verificando seu convite…
      </Text>
    );
  }
  if (state.status === 'error') {
    return (
      <Stack gap="sm">
        <Alert
          color="yellow"
          title="Não foi possível verificar o convite"
          classNames={{ title: classes.warningTitle }}
        >
          {state.message}
        </Alert>
        <Button variant="light" onClick={onRetry}>
          Tentar de novo
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <Alert color="red" title="Convite inválido" role="alert">
        {AUTH_MESSAGES.invitationInvalid}
      </Alert>
      <Text size="sm">
        Você também pode criar uma conta pessoal, sem vínculo com empresa:{' '}
        <Anchor component={Link} to={generatePath(paths.register, { code: null })} fw={600}>
          Criar conta sem convite
        </Anchor>
      </Text>
      <Text size="sm">
        Já usou este convite?{' '}
        <Anchor component={Link} to={paths.login} fw={600}>
          Entrar
        </Anchor>
      </Text>
    </Stack>
  );
}
