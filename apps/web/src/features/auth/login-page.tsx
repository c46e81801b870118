import { Anchor, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { generatePath, Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { ForgotPasswordModal } from '../../ui/sign-in/forgot-password-modal.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { DoctorLoginPanel } from './doctor-login-panel.tsx';
import { LoginForm } from './login-form.tsx';

/** /login (docs/accounts.md "Sign-in"): 'Paciente' and 'Médico' tabs, forgot-password dialog, link to registration. */
export default function LoginPage() {
  useDocumentTitle('Entrar');
  const [forgotEmail, setForgotEmail] = useState<string | null>(null);

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg">
        <Title order={1} ta="center" mb="md">
          Entrar
        </Title>
        <Tabs defaultValue="paciente">
          <Tabs.List grow mb="md">
            <Tabs.Tab value="paciente">Paciente</Tabs.Tab>
            <Tabs.Tab value="medico">Médico</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="paciente">
            <LoginForm onForgotPassword={setForgotEmail} />
          </Tabs.Panel>
          <Tabs.Panel value="medico">
            <DoctorLoginPanel />
          </Tabs.Panel>
        </Tabs>
      </Paper>
      <Text ta="center">
        Ainda não tem conta?{' '}
        <Anchor component={Link} to={generatePath(paths.register, {})} fw={600}>
          Criar conta
        </Anchor>
      </Text>
      <ForgotPasswordModal
        opened={forgotEmail !== null}
        initialEmail={forgotEmail ?? ''}
        onClose={() => setForgotEmail(null)}
      />
    </Stack>
  );
}
