import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { pageTitles, paths } from '../../app/paths.ts';
import { useDocumentTitle } from '../../ui/use-document-title.ts';

/**
 * /code/:code, the public view of a patient (spec 2 §2). Public and without
 * the shell: keep this chunk small (no drawer, no tabs). Placeholder for now.
 */
export default function CodePage() {
  const { code = '' } = useParams();
  useDocumentTitle(pageTitles.code);
  return (
    <Container component="main" size="sm" py="xl">
      <Stack gap="sm" align="flex-start">
        <Title order={1}>{pageTitles.code}</Title>
        <Text>Código {code.toUpperCase()}</Text>
        <Text size="lg" fw={600}>
          Em breve
        </Text>
        <Anchor component={Link} to={paths.home} fw={500}>
          Voltar para o início
        </Anchor>
      </Stack>
    </Container>
  );
}
