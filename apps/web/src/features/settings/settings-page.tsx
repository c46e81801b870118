import { Button, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { pageTitles, paths } from '../../lib/paths.ts';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { ChangePasswordForm } from './change-password-form.tsx';
import { CloseAccountPanel } from './close-account-panel.tsx';
import { DataExportPanel } from './data-export-panel.tsx';
import { DeleteAccountPanel } from './delete-account-panel.tsx';

/**
 * /settings, 'Configurações' (docs/accounts.md "Settings"): the 'Alterar Senha' tab, 'Encerrar conta' and
 * 'Excluir conta' (docs/account-deletion.md); below them 'Baixar meus dados' (docs/data-export.md) and the way
 * to /profissional (the routes list it but no menu links it: issue 7 puts it here).
 */
export default function SettingsPage() {
  useDocumentTitle(pageTitles.settings);
  return (
    <Stack gap="lg">
      <Title order={1}>{pageTitles.settings}</Title>
      <Tabs defaultValue="senha">
        <Tabs.List>
          <Tabs.Tab value="senha">Alterar Senha</Tabs.Tab>
          <Tabs.Tab value="conta">Encerrar conta</Tabs.Tab>
          <Tabs.Tab value="excluir">Excluir conta</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="senha" pt="lg">
          <ChangePasswordForm />
        </Tabs.Panel>
        <Tabs.Panel value="conta" pt="lg">
          <CloseAccountPanel />
        </Tabs.Panel>
        <Tabs.Panel value="excluir" pt="lg">
          <DeleteAccountPanel />
        </Tabs.Panel>
      </Tabs>
      <DataExportPanel />
      <Stack gap="xs" component="section" aria-labelledby="settings-profissional">
        <Title order={2} id="settings-profissional" size="h3">
          {pageTitles.profissional}
        </Title>
        <Text>
          É médico, bombeiro ou socorrista do SAMU? Cadastre sua credencial para ver as informações de saúde
          dos pacientes que as liberam para profissionais de saúde.
        </Text>
        <Button
          component={Link}
          to={paths.profissional}
          variant="outline"
          size="md"
          style={{ alignSelf: 'flex-start' }}
        >
          Cadastro de profissional
        </Button>
      </Stack>
    </Stack>
  );
}
