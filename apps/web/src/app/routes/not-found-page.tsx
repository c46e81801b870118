import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { useDocumentTitle } from '../../ui/use-document-title.ts';

/** Any path outside the registry. */
export function NotFoundPage() {
  useDocumentTitle('Página não encontrada');
  return (
    <Stack gap="sm" py="xl" align="flex-start">
      <Title order={1}>Página não encontrada</Title>
      <Text>O endereço que você abriu não existe ou mudou de lugar.</Text>
      <Anchor component={Link} to={paths.home} fw={500}>
        Voltar para o início
      </Anchor>
    </Stack>
  );
}
