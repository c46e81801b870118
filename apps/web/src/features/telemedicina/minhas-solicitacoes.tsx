import { Button, Text } from '@mantine/core';
import { type AtendimentoView, formatInstantBR, RECUSA_MOTIVOS } from '@pulso/domain';
import { generatePath, Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import classes from './minhas-solicitacoes.module.css';

/** What one of the patient's requests says now, and where it leads. */
function describe(atendimento: AtendimentoView): {
  text: string;
  detail: string | null;
  to: string;
  action: string;
} {
  const nome = atendimento.medico.name;
  const session = generatePath(paths.telemedicinaAtendimento, { id: String(atendimento.id) });
  const profile = generatePath(paths.telemedicinaMedico, { id: String(atendimento.medico.id) });
  switch (atendimento.status) {
    case 'P':
      return {
        text: `Aguardando a resposta de ${nome}.`,
        detail: `Enviada em ${formatInstantBR(atendimento.created_at)}.`,
        to: profile,
        action: 'Ver médico',
      };
    case 'R':
      return {
        text: `${nome} não pôde aceitar sua solicitação.`,
        detail: atendimento.recusado_motivo
          ? `Motivo: ${RECUSA_MOTIVOS[atendimento.recusado_motivo]}.`
          : null,
        to: profile,
        action: 'Ver motivo',
      };
    case 'A':
      return {
        text: `${nome} aceitou sua solicitação.`,
        detail: null,
        to: session,
        action: 'Abrir atendimento',
      };
    default:
      return {
        text: `Seu atendimento com ${nome} foi encerrado.`,
        detail: null,
        to: session,
        action: 'Abrir atendimento',
      };
  }
}

/**
 * On /telemedicina, the patient's own requests (docs/api/telemedicina.md "The
 * patient's requests"): each pending one ('Aguardando a resposta de …'), and
 * each answer not opened yet — accepted (to the session) or refused (the
 * reason, and the doctor's profile where it stays). Nothing when there are
 * none. Live: the realtime `atendimento.updated` reads the list again.
 */
export function MinhasSolicitacoes({ atendimentos }: { atendimentos: AtendimentoView[] }) {
  if (atendimentos.length === 0) return null;
  return (
    <section className={classes.section} aria-labelledby="minhas-solicitacoes">
      <h2 id="minhas-solicitacoes" className={classes.title}>
        Suas solicitações
      </h2>
      <ul className={classes.list}>
        {atendimentos.map((atendimento) => {
          const { text, detail, to, action } = describe(atendimento);
          return (
            <li key={atendimento.id} className={classes.item} data-status={atendimento.status}>
              <div>
                <Text fw={600}>{text}</Text>
                {detail && <Text size="sm">{detail}</Text>}
              </div>
              <Button
                component={Link}
                to={to}
                variant={atendimento.status === 'P' ? 'default' : 'filled'}
                size="sm"
              >
                {action}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
