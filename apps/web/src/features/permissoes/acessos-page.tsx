import { Anchor, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { type AcessoView, formatCode, mapHref } from '@pulso/domain';
import { Link } from 'react-router';
import { pageTitles, paths } from '../../lib/paths.ts';
import { formatDateAtTimeBR } from '../../ui/date-time.ts';
import { Icon } from '../../ui/icon.tsx';
import { QueryError } from '../../ui/query-error.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import classes from './acessos-page.module.css';
import { appendAcessos, useAcessos } from './api/get-acessos.ts';
import { acessosCountLine, acessoTabLabels, acessoViewer } from './format-acesso.ts';

/** Empty log. */
export const NO_ACESSOS = 'Ninguém acessou seus dados ainda.';

/**
 * /permissoes/acessos, 'Quem acessou meus dados' (docs/authorization.md "Access
 * log": every opening of the code is logged and the patient can read it): newest
 * first, each with the date and time in Brasília time, who (a visitor, or
 * an account's name and kind) and the tabs they were shown. 'Carregar mais'
 * while more exist.
 */
export default function AcessosPage() {
  useDocumentTitle(pageTitles.permissoesAcessos);
  const query = useAcessos();

  return (
    <div className={classes.page}>
      <Anchor component={Link} to={paths.permissoes} className={classes.back} fw={500}>
        <Icon name="back" size={18} />
        Voltar para Permissões
      </Anchor>
      <Stack gap="xs">
        <Title order={1} className={classes.title}>
          {pageTitles.permissoesAcessos}
        </Title>
        <Text>
          Cada vez que alguém abre seu código ou QR Code, o Pulso registra quando foi, quem foi e o que essa
          pessoa pôde ver, conforme suas permissões.
        </Text>
      </Stack>
      {query.isPending ? (
        <Stack gap="sm" role="status" aria-label="Carregando acessos">
          <Skeleton height={88} />
          <Skeleton height={88} />
          <Skeleton height={88} />
        </Stack>
      ) : query.isError && !query.data ? (
        <QueryError
          title="Não foi possível carregar os acessos"
          message={query.error.message}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <AcessoList
          acessos={query.data.pages.reduce<AcessoView[]>((all, page) => appendAcessos(all, page.acessos), [])}
          total={query.data.pages.at(-1)?.total ?? 0}
          hasMore={query.hasNextPage}
          loadingMore={query.isFetchingNextPage}
          loadMoreError={query.isFetchNextPageError ? query.error.message : null}
          onLoadMore={() => void query.fetchNextPage()}
        />
      )}
    </div>
  );
}

function AcessoList({
  acessos,
  total,
  hasMore,
  loadingMore,
  loadMoreError,
  onLoadMore,
}: {
  acessos: AcessoView[];
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  loadMoreError: string | null;
  onLoadMore: () => void;
}) {
  if (acessos.length === 0) return <p className={classes.none}>{NO_ACESSOS}</p>;
  return (
    <section aria-labelledby="acessos-lista" className={classes.section}>
      <Title order={2} size="h4" id="acessos-lista" className={classes.title}>
        Acessos registrados
      </Title>
      <p className={classes.count}>{acessosCountLine(acessos.length, total)}</p>
      <ul className={classes.list}>
        {acessos.map((acesso) => (
          <li key={acesso.id} className={classes.item}>
            <AcessoRow acesso={acesso} />
          </li>
        ))}
      </ul>
      {hasMore && (
        <Stack gap="xs" align="center" mt="md">
          {loadMoreError && (
            <Text role="alert" c="red.9" fw={600}>
              {loadMoreError}
            </Text>
          )}
          <Button size="md" variant="outline" loading={loadingMore} onClick={onLoadMore}>
            Carregar mais
          </Button>
        </Stack>
      )}
    </section>
  );
}

function AcessoRow({ acesso }: { acesso: AcessoView }) {
  const who = acessoViewer(acesso);
  return (
    <>
      <div className={classes.head}>
        <p className={classes.who}>
          {who.title}
          {who.detail && <span className={classes.kind}>· {who.detail}</span>}
        </p>
        <time className={classes.when} dateTime={acesso.created_at}>
          {formatDateAtTimeBR(acesso.created_at)}
        </time>
      </div>
      {acesso.codigo_substituido ? (
        <p className={classes.attempt}>
          Tentou abrir o código antigo {formatCode(acesso.codigo_substituido)}, que você substituiu: não viu
          nenhum dado seu.
        </p>
      ) : (
        <AcessoTabs acesso={acesso} />
      )}
      {acesso.destinatario && (
        <p className={classes.where}>Quem abriu o link se identificou como: {acesso.destinatario}</p>
      )}
      {acesso.localizacao && (
        <p className={classes.where}>
          Compartilhou onde estava (aproximadamente, cerca de 100 m):{' '}
          <Anchor
            href={mapHref(acesso.localizacao.latitude, acesso.localizacao.longitude)}
            target="_blank"
            rel="noopener noreferrer"
          >
            ver no mapa
          </Anchor>
        </p>
      )}
    </>
  );
}

function AcessoTabs({ acesso }: { acesso: AcessoView }) {
  return (
    <div className={classes.tabs}>
      <span className={classes.tabsLabel}>Viu:</span>
      <ul className={classes.chips}>
        {acessoTabLabels(acesso).map((label) => (
          <li key={label}>
            <span className={classes.chip}>{label}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
