import { Stack, Tabs, Title } from '@mantine/core';
import { pageTitles } from '../../app/paths.ts';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { ChangePasswordForm } from './change-password-form.tsx';
import { CloseAccountPanel } from './close-account-panel.tsx';

/** /settings, 'Configurações' (spec 2 §2 "Settings"): the 'Alterar Senha' tab and 'Encerrar conta'. */
export default function SettingsPage() {
  useDocumentTitle(pageTitles.settings);
  return (
    <Stack gap="lg">
      <Title order={1}>{pageTitles.settings}</Title>
      <Tabs defaultValue="senha">
        <Tabs.List>
          <Tabs.Tab value="senha">Alterar Senha</Tabs.Tab>
          <Tabs.Tab value="conta">Encerrar conta</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="senha" pt="lg">
          <ChangePasswordForm />
        </Tabs.Panel>
        <Tabs.Panel value="conta" pt="lg">
          <CloseAccountPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
