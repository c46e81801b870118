import type { MedicoView } from '@pulso/domain';
import { generatePath, Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { MedicoAvatar } from './medico-avatar.tsx';
import classes from './medico-card.module.css';
import { MedicoStatus } from './medico-status.tsx';

/** 'Pediatria · Belo Horizonte - MG', leaving out what is missing. */
export function medicoSubtitle(medico: Pick<MedicoView, 'especialidade' | 'cidade_descricao'>): string {
  return [medico.especialidade, medico.cidade_descricao].filter(Boolean).join(' · ');
}

/** '1 mensagem nova', '3 mensagens novas'. */
export function novasLabel(count: number): string {
  return count === 1 ? '1 mensagem nova' : `${count} mensagens novas`;
}

/**
 * One doctor in a list ('Meus médicos', the search results): a link to
 * /telemedicina/medico/:id with the photo, name, specialty and city, the
 * status with its label and, when `showNovas`, the unread messages from them.
 */
export function MedicoCard({ medico, showNovas = false }: { medico: MedicoView; showNovas?: boolean }) {
  const subtitle = medicoSubtitle(medico);
  return (
    <Link to={generatePath(paths.telemedicinaMedico, { id: String(medico.id) })} className={classes.card}>
      <MedicoAvatar name={medico.name} avatar={medico.avatar} size={52} />
      <span className={classes.body}>
        <span className={classes.name}>{medico.name}</span>
        {subtitle && <span className={classes.subtitle}>{subtitle}</span>}
        <span className={classes.meta}>
          <MedicoStatus status={medico.status} />
          {medico.verificado && <span className={classes.verified}>Verificado</span>}
        </span>
      </span>
      {showNovas && medico.mensagens_novas > 0 && (
        <span className={classes.novas}>
          <span className={classes.novasCount} aria-hidden="true">
            {medico.mensagens_novas > 99 ? '99+' : medico.mensagens_novas}
          </span>
          <span className={classes.visuallyHidden}>{novasLabel(medico.mensagens_novas)}</span>
        </span>
      )}
    </Link>
  );
}
