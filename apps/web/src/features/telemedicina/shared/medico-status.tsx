import { MEDICO_STATUS, type MedicoStatus as MedicoStatusValue } from '@pulso/domain';
import classes from './medico-card.module.css';

/**
 * A doctor's status (docs/telemedicine.md "Doctor status": 2 disponível, 1
 * ocupado, 0 offline) as a coloured dot *and* its label, never by colour alone.
 */
export function MedicoStatus({ status }: { status: MedicoStatusValue }) {
  return (
    <span className={classes.status} data-status={status}>
      <span className={classes.statusDot} aria-hidden="true" />
      {MEDICO_STATUS[status]}
    </span>
  );
}
