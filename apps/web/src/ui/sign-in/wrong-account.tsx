import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useAreaLogout } from '../../lib/area-session.ts';
import { paths } from '../../lib/paths.ts';
import { useDocumentTitle } from '../use-document-title.ts';
import classes from './wrong-account.module.css';

/**
 * An area with its own gate (/medico, /admin) opened with an account that
 * does not belong there (its `me` → 403): the server's `message`, why, and
 * two ways out: the patient's home, or 'Sair' to sign in with another account.
 */
export function WrongAccount({
  title,
  message,
  explanation,
  areaPath,
}: {
  title: string;
  message: string;
  explanation: string;
  areaPath: string;
}) {
  useDocumentTitle(title);
  const logout = useAreaLogout(areaPath);
  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      <Alert
        color="orange"
        variant="light"
        title={message}
        role="alert"
        classNames={{ title: classes.alertTitle }}
      >
        <Text size="sm">{explanation}</Text>
      </Alert>
      <Group gap="sm" grow>
        <Button component={Link} to={paths.home} size="md">
          Ir para o início
        </Button>
        <Button variant="outline" size="md" loading={logout.isPending} onClick={() => logout.mutate()}>
          Sair
        </Button>
      </Group>
    </Stack>
  );
}
