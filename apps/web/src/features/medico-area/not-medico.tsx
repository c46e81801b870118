import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { TELEMEDICINA_MESSAGES } from '@pulso/domain';
import { Link } from 'react-router';
import { pageTitles, paths } from '../../app/paths.ts';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { useMedicoLogout } from './api/medico-login.ts';
import classes from './not-medico.module.css';

/**
 * /medico opened with an account that is not a doctor's (`GET /api/medico/me`
 * → 403): says so and offers to go to the patient's area or to sign out and
 * sign in with a doctor's account.
 */
export function NotMedico() {
  useDocumentTitle(pageTitles.medico);
  const logout = useMedicoLogout();
  return (
    <Stack gap="md">
      <Title order={1}>{pageTitles.medico}</Title>
      <Alert
        color="orange"
        variant="light"
        title={TELEMEDICINA_MESSAGES.notMedico}
        role="alert"
        classNames={{ title: classes.alertTitle }}
      >
        <Text size="sm">
          A área do médico é só para médicos cadastrados no Pulso. Para usar o Pulso como paciente, vá para o
          início; para entrar com uma conta de médico, saia desta conta primeiro.
        </Text>
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
