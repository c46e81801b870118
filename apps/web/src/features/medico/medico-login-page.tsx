import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { pageTitles, paths } from '../../lib/paths.ts';
import { AreaLoginPage } from '../../ui/sign-in/area-login-page.tsx';
import { medicoKeys } from './api/keys.ts';

/**
 * Sign-in of the doctor area (/medico without a token; docs/telemedicine.md
 * "Signing in"), with a way to the patient's sign-in.
 */
export default function MedicoLoginPage() {
  return (
    <AreaLoginPage
      title={pageTitles.medico}
      intro="Entre com o e-mail e a senha da sua conta de médico no Pulso."
      formLabel="Entrar como médico"
      areaKey={medicoKeys.all}
      color="teal.9"
      footer={
        <>
          <Text ta="center">
            É paciente?{' '}
            <Anchor component={Link} to={paths.login} fw={600}>
              Entre na área do paciente
            </Anchor>
          </Text>
          <Text ta="center" size="sm" c="dimmed">
            As contas de médico são criadas pela equipe do Pulso.
          </Text>
        </>
      }
    />
  );
}
