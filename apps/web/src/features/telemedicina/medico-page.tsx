import { Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { requestState, TELEMEDICINA_MESSAGES } from '@pulso/domain';
import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { pageTitles, paths } from '../../lib/paths.ts';
import { useAnswerShown } from '../../lib/unread.ts';
import { AppModal } from '../../ui/app-modal.tsx';
import { Icon } from '../../ui/icon.tsx';
import { QueryError } from '../../ui/query-error.tsx';
import { parseRouteId } from '../../ui/route-id.ts';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { type MedicoProfile, useMedicoProfile } from './api/get-medico.ts';
import pageClasses from './medicos-page.module.css';
import { AtendimentosList } from './profile/atendimentos-list.tsx';
import { DenunciaDialog } from './profile/denuncia-dialog.tsx';
import classes from './profile/medico-page.module.css';
import { MedicoProfileCard } from './profile/medico-profile-card.tsx';
import { PagamentoNote, SOLICITAR_PARAM } from './profile/pagamento-note.tsx';
import { SolicitarDialog } from './profile/solicitar-dialog.tsx';

const SOLICITAR_LABEL = 'Solicitar atendimento';

function BackLink() {
  return (
    <Link to={paths.telemedicinaMedicos} className={pageClasses.back}>
      <Icon name="back" size={18} />
      Voltar para a busca de médicos
    </Link>
  );
}

/** Unknown or suspended doctor, or an id that cannot exist. */
function MedicoNotFound() {
  useDocumentTitle(TELEMEDICINA_MESSAGES.medicoNotFound);
  return (
    <div className={pageClasses.page}>
      <BackLink />
      <Title order={1}>{TELEMEDICINA_MESSAGES.medicoNotFound}</Title>
      <Text>Este médico não existe ou não está mais disponível na telemedicina.</Text>
      <Button
        component={Link}
        to={paths.telemedicinaMedicos}
        variant="default"
        className={classes.alignStart}
      >
        Buscar médicos
      </Button>
    </div>
  );
}

/** Whether the caller may ask this doctor now (`requestState`: its latest session and a block). */
function requestStateOf(profile: MedicoProfile) {
  return requestState({
    latestStatus: profile.atendimentos[0]?.status ?? null,
    bloqueado: profile.medico.bloqueado,
  });
}

/**
 * The request button (docs/api/telemedicina.md "Patient side"): disabled while the latest session is P or
 * A ('Você já tem uma solicitação em aberto com este médico.') and reading
 * 'médico bloqueado' when the doctor blocked the patient.
 */
function RequestButton({ profile, onRequest }: { profile: MedicoProfile; onRequest: () => void }) {
  const state = requestStateOf(profile);
  const label = profile.medico.suporte ? 'Falar com o suporte' : SOLICITAR_LABEL;
  if (state === 'allowed') {
    return (
      <Stack gap="xs" className={classes.alignStart}>
        <Button
          onClick={onRequest}
          className={classes.alignStart}
          aria-describedby={profile.medico.suporte ? undefined : 'pagamento-previsto'}
        >
          {label}
        </Button>
        <PagamentoNote previsto={profile.pagamento_previsto} id="pagamento-previsto" />
      </Stack>
    );
  }
  const hint =
    state === 'bloqueado' ? TELEMEDICINA_MESSAGES.blockedByMedico : TELEMEDICINA_MESSAGES.pendingOrActive;
  return (
    <Stack gap={4} className={classes.blocked}>
      <Button disabled aria-describedby="solicitar-hint">
        {state === 'bloqueado' ? TELEMEDICINA_MESSAGES.bloqueado : label}
      </Button>
      <Text id="solicitar-hint" size="sm" c="gray.8">
        {hint}
      </Text>
    </Stack>
  );
}

function ProfileScreen({ id }: { id: number }) {
  const query = useMedicoProfile(id);
  useAnswerShown(query.isSuccess, query.dataUpdatedAt);
  const profile = query.data;
  useDocumentTitle(profile ? profile.medico.name : pageTitles.telemedicinaMedico);
  const [dialog, setDialog] = useState<'solicitar' | 'denuncia' | 'obrigado' | null>(null);
  // Back from paying for a request (`?solicitar=1`): the request dialog opens again, with the reason kept.
  const [search, setSearch] = useSearchParams();
  const reopen = search.has(SOLICITAR_PARAM) && profile !== undefined;
  useEffect(() => {
    if (!reopen || !profile) return;
    setSearch({}, { replace: true });
    if (requestStateOf(profile) === 'allowed') setDialog('solicitar');
  }, [reopen, profile, setSearch]);

  if (query.error instanceof ApiError && query.error.status === 404) return <MedicoNotFound />;

  return (
    <div className={pageClasses.page}>
      <BackLink />
      {query.isPending ? (
        <Stack gap="md" role="status" aria-label="Carregando perfil do médico">
          <Skeleton height={180} />
          <Skeleton height={24} width="30%" />
          <Skeleton height={72} />
        </Stack>
      ) : query.isError && !profile ? (
        <>
          <Title order={1}>{pageTitles.telemedicinaMedico}</Title>
          <QueryError
            title="Não foi possível carregar o perfil do médico"
            message={query.error.message}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        </>
      ) : profile ? (
        <>
          <MedicoProfileCard
            medico={profile.medico}
            actions={
              <>
                <RequestButton profile={profile} onRequest={() => setDialog('solicitar')} />
                {!profile.medico.suporte && (
                  <Button variant="subtle" color="red" onClick={() => setDialog('denuncia')}>
                    Denunciar perfil
                  </Button>
                )}
              </>
            }
          />
          <AtendimentosList atendimentos={profile.atendimentos} />
          <SolicitarDialog
            opened={dialog === 'solicitar'}
            medicoId={profile.medico.id}
            suporte={profile.medico.suporte}
            previsto={profile.pagamento_previsto}
            onClose={() => setDialog(null)}
            onCreated={() => setDialog('obrigado')}
          />
          <DenunciaDialog
            opened={dialog === 'denuncia'}
            medicoId={profile.medico.id}
            medicoName={profile.medico.name}
            onClose={() => setDialog(null)}
          />
          <AppModal
            opened={dialog === 'obrigado'}
            onClose={() => setDialog(null)}
            title={TELEMEDICINA_MESSAGES.requested}
          >
            <Text mb="lg">
              {profile.medico.suporte
                ? TELEMEDICINA_MESSAGES.thanksSuporte
                : TELEMEDICINA_MESSAGES.thanksMedico}
            </Text>
            <div className={classes.dialogActions}>
              <Button onClick={() => setDialog(null)} data-autofocus>
                Entendi
              </Button>
            </div>
          </AppModal>
        </>
      ) : null}
    </div>
  );
}

/**
 * /telemedicina/medico/:id (docs/telemedicine.md "A doctor's profile";
 * issue 6): the doctor's profile, the caller's sessions with them, the
 * request-care dialog with the thank-you dialog after it, and the report
 * dialog. 404 'Médico não encontrado'.
 */
export default function MedicoPage() {
  const id = parseRouteId(useParams().id);
  return id === null ? <MedicoNotFound /> : <ProfileScreen key={id} id={id} />;
}
