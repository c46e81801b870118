import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '../../ui/use-document-title.ts';

/**
 * Shown when a page throws while rendering or its code chunk fails to load
 * (typically after a new version was deployed): offers a reload.
 */
export function RouteErrorPage() {
  useDocumentTitle('Algo deu errado');
  return (
    <Container size="xs" py="xl">
      <Stack gap="sm" align="flex-start">
        <Title order={1}>Algo deu errado</Title>
        <Text>Não foi possível abrir esta página. Verifique sua internet e tente de novo.</Text>
        <Button onClick={() => window.location.reload()}>Recarregar</Button>
      </Stack>
    </Container>
  );
}
