import { Button, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { type PublicCodeView, parseCode, STATIC_FACTS_ID } from '@pulso/domain';
import { type ReactNode, useEffect } from 'react';
import { generatePath, Navigate, useParams } from 'react-router';
import { ApiError } from '../../app/api.ts';
import { pageTitles, paths } from '../../app/paths.ts';
import { useToken } from '../../app/token.ts';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { isFullAccess, usePublicCode } from './api/get-public-code.ts';
import classes from './code-page.module.css';
import { EmergencyView, ServiceCalls } from './emergency-view.tsx';
import { PublicCodeHeader } from './public-code-header.tsx';
import { SaudeTab } from './saude-tab.tsx';
import { DeniedTab, PatientHeading, TabError, TabSkeleton } from './tab-states.tsx';
import { TimelineTab } from './timeline-tab.tsx';

/**
 * /code/:code, the public view of a patient (spec 2 §2; RULINGS.md "Who sees
 * what"), for anyone holding the code: a paramedic after a QR scan, a guest or
 * a signed-in user. Its own small chunk without the shell. Three tabs: the
 * Emergency tab (always; with the allergies and medications strip when the
 * viewer may read My Health), 'Minha saúde' and 'Linha do tempo', each as the
 * server served it to this viewer (`acesso`), else the permission message. An
 * unknown code goes on to /register/:code (spec 2 §7, §8).
 */
export default function CodePage() {
  const { code = '' } = useParams();
  useDocumentTitle(pageTitles.code);
  const signedIn = useToken() !== null;
  const query = usePublicCode(code);
  // The server's plain-HTML facts (modules/code/emergency-html.ts) give way to this page once it shows.
  useEffect(() => document.getElementById(STATIC_FACTS_ID)?.remove(), []);

  if (query.error instanceof ApiError && query.error.status === 404) {
    return <Navigate to={generatePath(paths.register, { code: parseCode(code) ?? code })} replace />;
  }

  const view = query.data;
  const retry = () => void query.refetch();
  // A signed-in viewer holding the guest's embedded answer: their own answer is on its way.
  const awaitingViewer = signedIn && view !== undefined && !query.isFetched && !isFullAccess(view);

  /** A tab the viewer may or may not read; the vital data of the Emergency tab never waits for this. */
  const restricted = (allowed: boolean, loadingLabel: string, content: (v: PublicCodeView) => ReactNode) => {
    if (!view) {
      return query.isError ? (
        <LoadError message={query.error.message} onRetry={retry} />
      ) : (
        <TabSkeleton label={loadingLabel} />
      );
    }
    if (allowed) return content(view);
    if (awaitingViewer) return <TabSkeleton label={loadingLabel} />;
    return (
      <>
        <PatientHeading name={view.user.name} />
        {query.isError ? (
          <TabError message={query.error.message} onRetry={retry} />
        ) : (
          <DeniedTab guest={!signedIn} />
        )}
      </>
    );
  };

  return (
    <>
      <PublicCodeHeader signedIn={signedIn} />
      <main id="conteudo" className={classes.main}>
        <Tabs defaultValue="emergencia" keepMounted={false}>
          <Tabs.List grow className={classes.tabs} aria-label="Dados do paciente">
            <Tabs.Tab value="emergencia" className={classes.tab}>
              Emergência
            </Tabs.Tab>
            <Tabs.Tab value="saude" className={classes.tab}>
              Minha saúde
            </Tabs.Tab>
            <Tabs.Tab value="timeline" className={classes.tab}>
              Linha do tempo
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="emergencia" className={classes.panel}>
            {view ? (
              <EmergencyView user={view.user} saude={view.acesso.saude ? view.user.saude : undefined} />
            ) : query.isError ? (
              <LoadError message={query.error.message} onRetry={retry} />
            ) : (
              <EmergencySkeleton />
            )}
          </Tabs.Panel>
          <Tabs.Panel value="saude" className={classes.panel}>
            {restricted(view?.acesso.saude === true, 'Carregando informações de saúde', (v) => (
              <SaudeTab user={v.user} />
            ))}
          </Tabs.Panel>
          <Tabs.Panel value="timeline" className={classes.panel}>
            {restricted(view?.acesso.timeline === true, 'Carregando linha do tempo', (v) => (
              <TimelineTab
                code={code}
                name={v.user.name}
                items={v.timelineItems ?? []}
                total={v.total ?? v.timelineItems?.length ?? 0}
              />
            ))}
          </Tabs.Panel>
        </Tabs>
      </main>
    </>
  );
}

function EmergencySkeleton() {
  return (
    <>
      <Stack gap="md" role="status" aria-label="Carregando dados de emergência">
        <div className={classes.identity}>
          <Skeleton circle height={72} />
          <Stack gap={8} flex={1}>
            <Skeleton height={28} width="80%" />
            <Skeleton height={20} width="40%" />
          </Stack>
        </div>
        <Skeleton height={84} />
        <Skeleton height={20} width="50%" />
        <Skeleton height={60} />
      </Stack>
      <div className={classes.calls}>
        <ServiceCalls />
      </div>
    </>
  );
}

function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <>
      <Stack gap="md" align="flex-start" className={classes.status}>
        <Title order={1}>{pageTitles.code}</Title>
        <Text size="lg" role="alert">
          {message}
        </Text>
        <Button size="md" onClick={onRetry}>
          Tentar novamente
        </Button>
      </Stack>
      <div className={`${classes.calls} ${classes.callsAfterError}`}>
        <ServiceCalls />
      </div>
    </>
  );
}
