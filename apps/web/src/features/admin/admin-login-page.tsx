import { Text } from '@mantine/core';
import { AreaLoginPage } from '../../ui/sign-in/area-login-page.tsx';
import { adminKeys } from './api/keys.ts';

/** Sign-in of the admin area (/admin without a token; issue 9 "Access": its own login). */
export default function AdminLoginPage() {
  return (
    <AreaLoginPage
      title="Administração do Pulso"
      intro="Entre com o e-mail e a senha da sua conta da equipe do Pulso."
      formLabel="Entrar na administração"
      areaKey={adminKeys.all}
      color="indigo.9"
      footer={
        <Text ta="center" size="sm" c="dimmed">
          As contas da equipe são criadas com o comando npm run admin:create.
        </Text>
      }
    />
  );
}
