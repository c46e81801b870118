import { Loader, Stack, Text, Title } from '@mantine/core';
import { CONTEUDO_MESSAGES } from '@pulso/domain';
import { pageTitles } from '../../../lib/paths.ts';
import { QueryError } from '../../../ui/query-error.tsx';
import { TextAccordion } from '../../../ui/text-accordion.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { useDicas } from './api/get-dicas.ts';
import classes from './dicas-page.module.css';

/**
 * /dicas, 'Dicas de saúde' (docs/indicators-and-score.md "Tips and FAQ": an
 * expandable list of tips, each with a title and content; `GET /api/dicas`;
 * issue 7 "Content"). Each tip is a heading with a button that opens its text
 * (several may be open at once); the text's blank lines split paragraphs.
 * Loading, error ('Tentar novamente') and empty states.
 */
export default function DicasPage() {
  useDocumentTitle(pageTitles.dicas);
  const query = useDicas();

  return (
    <div className={classes.page}>
      <Stack gap="xs">
        <Title order={1} className={classes.title}>
          {pageTitles.dicas}
        </Title>
        <Text>Orientações simples para o dia a dia. Toque em uma dica para ler.</Text>
      </Stack>
      {query.isPending ? (
        <div className={classes.state} role="status">
          <Loader size="md" aria-hidden="true" />
          <Text fw={500}>Carregando ...</Text>
        </div>
      ) : query.isError ? (
        <QueryError
          title={CONTEUDO_MESSAGES.dicasError}
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.data.dicas.length === 0 ? (
        <div className={classes.empty}>
          <Text fw={600}>{CONTEUDO_MESSAGES.dicasEmpty}</Text>
        </div>
      ) : (
        <TextAccordion items={query.data.dicas.map((x) => ({ id: x.id, title: x.title, text: x.content }))} />
      )}
    </div>
  );
}
