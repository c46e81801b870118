import { Alert, Anchor, Button, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { type ContentSlug, contentHtmlText, formatInstantBR } from '@pulso/domain';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context.tsx';
import { sanitizeContentHtml } from '../../../ui/content/sanitize-content.ts';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { QueryError } from '../../../ui/query-error.tsx';
import { usePagina, useSavePagina } from './api/paginas.ts';
import classes from './conteudo.module.css';
import { RichTextEditor } from './rich-text-editor.tsx';

const PUBLIC_PATH: Record<ContentSlug, string> = { termos: paths.termos, politica: paths.politica };

/**
 * The terms of use or the privacy policy in the rich-text editor (issue 9
 * "HTML edited with a sanitising editor"): when and by whom it was last
 * published, the editor, a preview sanitised as the public page does, and
 * 'Publicar'. The server sanitises again and the public page shows the new
 * text at once. Patients are not asked to accept a new version.
 */
export function PaginaTab({ slug }: { slug: ContentSlug }) {
  const query = usePagina(slug);
  const [discarded, setDiscarded] = useState(0);
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return (
      <QueryError
        title="Não foi possível carregar o texto"
        message={query.error.message}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  // A new key per published version: the editor starts again from what the server stored.
  return (
    <PaginaEditor
      key={`${query.data.updated_at}-${discarded}`}
      slug={slug}
      page={query.data}
      onDiscard={() => setDiscarded((n) => n + 1)}
    />
  );
}

function PaginaEditor({
  slug,
  page,
  onDiscard,
}: {
  slug: ContentSlug;
  page: { titulo: string; html: string; updated_at: string; updated_by: string | null };
  onDiscard: () => void;
}) {
  const snackbar = useSnackbar();
  const save = useSavePagina(slug);
  const [html, setHtml] = useState(page.html);
  const [view, setView] = useState<'editar' | 'previa'>('editar');
  const preview = useMemo(() => sanitizeContentHtml(html), [html]);
  const changed = html !== page.html;

  return (
    <Stack gap="md">
      <Text size="sm">
        Última publicação: {formatInstantBR(page.updated_at)}
        {page.updated_by ? ` por ${page.updated_by}` : ''}.{' '}
        <Anchor component={Link} to={PUBLIC_PATH[slug]} target="_blank">
          Ver a página pública
        </Anchor>
      </Text>
      <Alert variant="light" color="blue" title="Antes de publicar">
        O texto publicado vale para todos na hora. Quem já tem conta não é avisado nem precisa aceitar de
        novo: se a mudança for relevante, comunique os usuários por outro meio.
      </Alert>
      <SegmentedControl
        value={view}
        onChange={(v) => setView(v as 'editar' | 'previa')}
        data={[
          { value: 'editar', label: 'Editar' },
          { value: 'previa', label: 'Pré-visualizar' },
        ]}
        aria-label="Modo"
        maw={320}
      />
      <div hidden={view !== 'editar'}>
        <RichTextEditor label={page.titulo} initialHtml={page.html} onChange={setHtml} />
      </div>
      {view === 'previa' && (
        <Paper withBorder p="md" component="section" aria-label="Pré-visualização">
          {contentHtmlText(preview) === '' ? (
            <Text c="dimmed">O texto está vazio.</Text>
          ) : (
            <div
              className={classes.preview}
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify as the public page does
              dangerouslySetInnerHTML={{ __html: preview }}
            />
          )}
        </Paper>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" disabled={!changed || save.isPending} onClick={onDiscard}>
          Descartar alterações
        </Button>
        <Button
          disabled={!changed}
          loading={save.isPending}
          onClick={() =>
            save.mutate(html, {
              onSuccess: (answer) => snackbar.success(answer.message),
              onError: (error) => snackbar.error(error),
            })
          }
        >
          Publicar
        </Button>
      </Group>
    </Stack>
  );
}
