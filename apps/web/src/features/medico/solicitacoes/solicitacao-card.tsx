import { Avatar, Button } from '@mantine/core';
import type { AtendimentoView } from '@pulso/domain';
import { formatDateAtTimeBR } from '../../../ui/date-time.ts';
import { PAGAMENTO_LABELS } from '../format.ts';
import classes from './solicitacoes-page.module.css';

/**
 * One care request (docs/telemedicine.md "Requests waiting"): the patient's
 * photo and name, when they asked, how the request was paid, the reason in
 * their words, and the two answers. Buttons are named with the patient
 * ('Aceitar a solicitação de Ana Souza') so that a list of them reads well.
 */
export function SolicitacaoCard({
  solicitacao,
  busy,
  onAceitar,
  onRecusar,
}: {
  solicitacao: AtendimentoView;
  busy: boolean;
  onAceitar: () => void;
  onRecusar: () => void;
}) {
  const { paciente } = solicitacao;
  const headingId = `solicitacao-${solicitacao.id}`;
  return (
    <article className={classes.card} aria-labelledby={headingId}>
      <div className={classes.head}>
        <Avatar
          src={paciente.avatar}
          alt={paciente.avatar ? `Foto de ${paciente.name}` : undefined}
          name={paciente.name}
          variant="filled"
          color="teal.9"
          size={48}
          radius={48}
        />
        <div className={classes.who}>
          <h2 id={headingId} className={classes.name}>
            {paciente.name}
          </h2>
          <p className={classes.when}>
            Pediu em{' '}
            <time dateTime={solicitacao.created_at}>{formatDateAtTimeBR(solicitacao.created_at)}</time>
          </p>
        </div>
      </div>
      <dl className={classes.facts}>
        <div>
          <dt>Motivo</dt>
          <dd className={classes.motivo}>{solicitacao.motivo}</dd>
        </div>
        <div>
          <dt>Pagamento</dt>
          <dd>
            <span className={classes.pagamento} data-pagamento={solicitacao.pagamento}>
              {PAGAMENTO_LABELS[solicitacao.pagamento]}
            </span>
          </dd>
        </div>
      </dl>
      <div className={classes.actions}>
        <Button
          size="md"
          color="teal.9"
          onClick={onAceitar}
          disabled={busy}
          aria-label={`Aceitar a solicitação de ${paciente.name}`}
        >
          Aceitar
        </Button>
        <Button
          size="md"
          variant="outline"
          color="red.9"
          onClick={onRecusar}
          disabled={busy}
          aria-label={`Recusar a solicitação de ${paciente.name}`}
        >
          Recusar
        </Button>
      </div>
    </article>
  );
}
