import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../lib/paths.ts';
import { useDocumentTitle } from './use-document-title.ts';

/** Friendly placeholder of a screen not built yet: its title, 'Em breve' and a way back to /home. */
export function ComingSoon({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <Stack gap="sm" py="xl" align="flex-start">
      <Title order={1}>{title}</Title>
      <Text size="lg" fw={600}>
        Em breve
      </Text>
      <Text c="dimmed">Esta parte do Pulso está sendo preparada e logo estará disponível.</Text>
      <Anchor component={Link} to={paths.home} fw={500}>
        Voltar para o início
      </Anchor>
    </Stack>
  );
}
