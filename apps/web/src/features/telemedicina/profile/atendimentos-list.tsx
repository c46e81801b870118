import {
  ATENDIMENTO_STATUS,
  type AtendimentoStatus,
  type AtendimentoView,
  RECUSA_MOTIVOS,
  sessionTarget,
} from '@pulso/domain';
import { useState } from 'react';
import { generatePath, Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { AppModal } from '../../../ui/app-modal.tsx';
import { formatDateTimeBR } from '../../../ui/date-time.ts';
import { novasLabel } from '../shared/medico-card.tsx';
import classes from './medico-page.module.css';

/**
 * Shown on a pending session (docs/telemedicine.md "What the patient sees of a
 * session": tapping P opens nothing yet).
 */
export const AGUARDANDO_TEXT = 'Aguardando o médico aceitar a solicitação.';

/** Longest preview of a session's reason in the list, in characters. */
const MOTIVO_PREVIEW = 90;

function preview(text: string): string {
  return text.length > MOTIVO_PREVIEW ? `${text.slice(0, MOTIVO_PREVIEW).trimEnd()}…` : text;
}

/** A session's status as a labelled chip (colour follows the label, never replaces it). */
export function StatusChip({ status }: { status: AtendimentoStatus }) {
  return (
    <span className={classes.chip} data-status={status}>
      {ATENDIMENTO_STATUS[status]}
    </span>
  );
}

function RowContent({ atendimento }: { atendimento: AtendimentoView }) {
  return (
    <>
      <span className={classes.rowHead}>
        <span className={classes.rowDate}>Solicitado em {formatDateTimeBR(atendimento.created_at)}</span>
        <StatusChip status={atendimento.status} />
      </span>
      <span className={classes.rowMotivo}>{preview(atendimento.motivo)}</span>
      {atendimento.mensagens_novas > 0 && (
        <span className={classes.rowNovas}>{novasLabel(atendimento.mensagens_novas)}</span>
      )}
    </>
  );
}

/**
 * The caller's sessions with a doctor, newest first (docs/telemedicine.md
 * "What the patient sees of a session"): A, E and ET open the chat; R opens
 * the refusal's reason and comment; P only says it is waiting for the doctor.
 */
export function AtendimentosList({ atendimentos }: { atendimentos: AtendimentoView[] }) {
  const [recusado, setRecusado] = useState<AtendimentoView | null>(null);

  return (
    <section aria-labelledby="atendimentos-titulo" className={classes.section}>
      <h2 id="atendimentos-titulo" className={classes.sectionTitle}>
        Atendimentos
      </h2>
      {atendimentos.length === 0 ? (
        <p className={classes.noneText}>Você ainda não teve atendimentos com este médico.</p>
      ) : (
        <ul className={classes.list}>
          {atendimentos.map((atendimento) => {
            const target = sessionTarget(atendimento.status);
            return (
              <li key={atendimento.id}>
                {target === 'chat' ? (
                  <Link
                    to={generatePath(paths.telemedicinaAtendimento, { id: String(atendimento.id) })}
                    className={classes.row}
                  >
                    <RowContent atendimento={atendimento} />
                  </Link>
                ) : target === 'recusa' ? (
                  <button type="button" className={classes.row} onClick={() => setRecusado(atendimento)}>
                    <RowContent atendimento={atendimento} />
                    <span className={classes.rowHint}>Ver o motivo da recusa</span>
                  </button>
                ) : (
                  <div className={`${classes.row} ${classes.rowStatic}`}>
                    <RowContent atendimento={atendimento} />
                    <span className={classes.rowHint}>{AGUARDANDO_TEXT}</span>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <AppModal opened={recusado !== null} onClose={() => setRecusado(null)} title="Solicitação recusada">
        {recusado && (
          <dl className={classes.recusa}>
            <dt>Motivo</dt>
            <dd>{recusado.recusado_motivo ? RECUSA_MOTIVOS[recusado.recusado_motivo] : 'Não informado.'}</dd>
            <dt>Comentário do médico</dt>
            <dd>{recusado.recusado_comentario?.trim() || 'Sem comentário.'}</dd>
            <dt>Sua solicitação</dt>
            <dd>{recusado.motivo}</dd>
          </dl>
        )}
      </AppModal>
    </section>
  );
}
