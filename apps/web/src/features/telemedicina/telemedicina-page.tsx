import { Alert, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { MedicoView } from '@pulso/domain';
import { generatePath, Link } from 'react-router';
import { pageTitles, paths } from '../../lib/paths.ts';
import { QueryError } from '../../ui/query-error.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { useTelemedicinaHome } from './api/get-telemedicina.ts';
import { MinhasSolicitacoes } from './minhas-solicitacoes.tsx';
import { MedicoAvatar } from './shared/medico-avatar.tsx';
import cardClasses from './shared/medico-card.module.css';
import { MedicoCard, novasLabel } from './shared/medico-card.tsx';
import classes from './telemedicina-page.module.css';

/** '1 nova solicitação de atendimento aguarda sua resposta.' / 'N novas solicitações …'. */
export function solicitacoesLine(count: number): string {
  return count === 1
    ? '1 nova solicitação de atendimento aguarda sua resposta.'
    : `${count} novas solicitações de atendimento aguardam sua resposta.`;
}

function SearchButton({ variant = 'filled' }: { variant?: 'filled' | 'outline' }) {
  return (
    <Button component={Link} to={paths.telemedicinaMedicos} variant={variant}>
      Buscar médicos
    </Button>
  );
}

/**
 * The support pseudo-doctor (docs/telemedicine.md "Support pseudo-doctor"): a
 * request to it needs only a message.
 */
function SuporteCard({ suporte }: { suporte: MedicoView }) {
  return (
    <section className={classes.suporte} aria-labelledby="suporte-titulo">
      <MedicoAvatar name={suporte.name} avatar={suporte.avatar} size={48} />
      <div className={classes.suporteText}>
        <h2 id="suporte-titulo" className={classes.suporteTitle}>
          Suporte
        </h2>
        <Text size="sm">Dúvidas sobre o Pulso? Fale com a nossa equipe, sem custo.</Text>
        {suporte.mensagens_novas > 0 && (
          <Text size="sm" fw={700} c="red.9">
            {novasLabel(suporte.mensagens_novas)}
          </Text>
        )}
      </div>
      <Button
        component={Link}
        to={generatePath(paths.telemedicinaMedico, { id: String(suporte.id) })}
        variant="outline"
        className={classes.suporteButton}
      >
        Falar com o suporte
      </Button>
    </section>
  );
}

function HomeSkeleton() {
  return (
    <Stack gap="sm" role="status" aria-label="Carregando telemedicina">
      <Skeleton height={88} />
      <Skeleton height={24} width="35%" />
      <Skeleton height={72} />
      <Skeleton height={72} />
    </Stack>
  );
}

/**
 * /telemedicina (docs/telemedicine.md "The telemedicine home"; issue 6): the alert
 * for new care requests (shown when the caller is also a doctor with pending
 * requests) linking to /telemedicina/solicitacoes, the patient's own pending
 * requests and unseen answers ('Suas solicitações'), the support card, 'Meus
 * médicos' (doctors with sessions, each with its status and unread messages, latest
 * activity first) and the way to the doctor search.
 */
export default function TelemedicinaPage() {
  useDocumentTitle(pageTitles.telemedicina);
  const query = useTelemedicinaHome();
  const meus = query.data?.medicos.filter((m) => !m.suporte) ?? [];

  return (
    <div className={classes.page}>
      <div className={classes.header}>
        <Title order={1} className={classes.title}>
          {pageTitles.telemedicina}
        </Title>
        <SearchButton />
      </div>

      {query.isPending ? (
        <HomeSkeleton />
      ) : query.isError && !query.data ? (
        <QueryError
          title="Não foi possível carregar a telemedicina"
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <>
          {query.data.solicitacoes.length > 0 && (
            <Alert color="blue" variant="light" title="Novas solicitações" role="status">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{solicitacoesLine(query.data.solicitacoes.length)}</Text>
                <Button component={Link} to={paths.telemedicinaSolicitacoes} size="sm">
                  Ver solicitações
                </Button>
              </Stack>
            </Alert>
          )}

          <MinhasSolicitacoes atendimentos={query.data.minhas_solicitacoes} />

          {query.data.suporte && <SuporteCard suporte={query.data.suporte} />}

          <section aria-labelledby="meus-medicos" className={classes.section}>
            <h2 id="meus-medicos" className={classes.sectionTitle}>
              Meus médicos
            </h2>
            {meus.length === 0 ? (
              <div className={classes.none}>
                <p className={classes.noneTitle}>Você ainda não tem médicos por aqui.</p>
                <p className={classes.noneHint}>
                  Busque um médico por cidade, clínica, especialidade ou nome e solicite um atendimento
                  on-line.
                </p>
                <SearchButton variant="outline" />
              </div>
            ) : (
              <ul className={cardClasses.list}>
                {meus.map((medico) => (
                  <li key={medico.id}>
                    <MedicoCard medico={medico} showNovas />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
