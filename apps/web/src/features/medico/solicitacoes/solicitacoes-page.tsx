import { Anchor, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { AtendimentoView } from '@pulso/domain';
import { useEffect, useRef, useState } from 'react';
import { generatePath, Link, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api.ts';
import { pageTitles, paths } from '../../../lib/paths.ts';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context.tsx';
import { AppModal } from '../../../ui/app-modal.tsx';
import { QueryError } from '../../../ui/query-error.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { useAceitarSolicitacao } from '../api/answer-solicitacao.ts';
import { useSolicitacoes } from '../api/get-solicitacoes.ts';
import { RecusaDialog } from './recusa-dialog.tsx';
import { SolicitacaoCard } from './solicitacao-card.tsx';
import classes from './solicitacoes-page.module.css';

/** Shown when no request is waiting. */
export const NO_SOLICITACOES = 'Nenhuma solicitação pendente.';

/**
 * /medico/solicitacoes, the care requests waiting for this doctor
 * (docs/telemedicine.md "Requests waiting", oldest first). 'Aceitar' opens the
 * session ('Solicitação aceita') and offers its chat; 'Recusar' asks for one of
 * the three reasons (docs/telemedicine.md "Decline reasons"). When the list
 * *becomes* empty the doctor goes back to the area's home; opened empty, it
 * says so. New requests appear live (`atendimento.updated`), or within 30 s
 * without realtime.
 */
export default function SolicitacoesPage() {
  useDocumentTitle(pageTitles.medicoSolicitacoes);
  const query = useSolicitacoes();
  const aceitar = useAceitarSolicitacao();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const [aceita, setAceita] = useState<AtendimentoView | null>(null);
  const [recusando, setRecusando] = useState<AtendimentoView | null>(null);
  const hadItems = useRef(false);

  const count = query.data?.solicitacoes.length;
  const dialogOpen = aceita !== null || recusando !== null;
  useEffect(() => {
    if (count === undefined) return;
    if (count > 0) hadItems.current = true;
    else if (hadItems.current && !dialogOpen) void navigate(paths.medico);
  }, [count, dialogOpen, navigate]);

  const onAceitar = (solicitacao: AtendimentoView) =>
    aceitar.mutate(solicitacao.id, {
      onSuccess: ({ message, atendimento }) => {
        snackbar.success(message);
        setAceita(atendimento);
      },
      onError: (error) => {
        snackbar.error(error);
        // Answered meanwhile (another tab) or gone: show the list as it is now.
        if (error instanceof ApiError && error.status !== 0) void query.refetch();
      },
    });

  return (
    <div className={classes.page}>
      <Stack gap="xs">
        <Title order={1} className={classes.title}>
          {pageTitles.medicoSolicitacoes}
        </Title>
        <Text>
          Pacientes que pediram um atendimento a você. Ao aceitar, a conversa começa; ao recusar, o paciente
          lê o motivo que você escolher.
        </Text>
      </Stack>
      {query.isPending ? (
        <Stack gap="sm" role="status" aria-label="Carregando solicitações">
          <Skeleton height={180} />
          <Skeleton height={180} />
        </Stack>
      ) : query.isError && !query.data ? (
        <QueryError
          title="Não foi possível carregar as solicitações"
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.data.solicitacoes.length === 0 ? (
        <div className={classes.empty}>
          <Text fw={600}>{NO_SOLICITACOES}</Text>
          <Text size="sm">Quando um paciente pedir um atendimento, ele aparece aqui.</Text>
          <Anchor component={Link} to={paths.medico} fw={600}>
            Voltar para o início
          </Anchor>
        </div>
      ) : (
        <>
          <p className={classes.count} aria-live="polite">
            {query.data.solicitacoes.length === 1
              ? '1 solicitação pendente'
              : `${query.data.solicitacoes.length} solicitações pendentes`}
          </p>
          <ul className={classes.list}>
            {query.data.solicitacoes.map((solicitacao) => (
              <li key={solicitacao.id}>
                <SolicitacaoCard
                  solicitacao={solicitacao}
                  busy={aceitar.isPending}
                  onAceitar={() => onAceitar(solicitacao)}
                  onRecusar={() => setRecusando(solicitacao)}
                />
              </li>
            ))}
          </ul>
        </>
      )}
      <RecusaDialog solicitacao={recusando} onClose={() => setRecusando(null)} />
      <AppModal opened={aceita !== null} onClose={() => setAceita(null)} title="Atendimento iniciado">
        {aceita && (
          <Stack gap="md">
            <Text>
              Você aceitou a solicitação de <strong>{aceita.paciente.name}</strong>. A conversa já está aberta
              para vocês dois.
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setAceita(null)}>
                Agora não
              </Button>
              <Button
                color="teal.9"
                data-autofocus
                onClick={() =>
                  void navigate(generatePath(paths.medicoAtendimento, { id: String(aceita.id) }))
                }
              >
                Abrir conversa
              </Button>
            </Group>
          </Stack>
        )}
      </AppModal>
    </div>
  );
}
