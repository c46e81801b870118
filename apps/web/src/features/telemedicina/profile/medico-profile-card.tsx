import { Title } from '@mantine/core';
import { formatCrm, type MedicoView } from '@pulso/domain';
import type { ReactNode } from 'react';
import { MedicoAvatar } from '../shared/medico-avatar.tsx';
import { MedicoStatus } from '../shared/medico-status.tsx';
import classes from './medico-page.module.css';

/**
 * The doctor's profile (docs/telemedicine.md "A doctor's profile"): photo,
 * name as the page's `<h1>`, 'Verificado' when staff checked the CRM, status
 * with its label, specialties, CRMs, city and clinics; `actions` below.
 */
export function MedicoProfileCard({ medico, actions }: { medico: MedicoView; actions: ReactNode }) {
  const rows: [string, string][] = [];
  if (medico.especialidades.length > 0)
    rows.push([
      medico.especialidades.length === 1 ? 'Especialidade' : 'Especialidades',
      medico.especialidades.join(', '),
    ]);
  if (medico.crms.length > 0)
    rows.push([medico.crms.length === 1 ? 'CRM' : 'CRMs', medico.crms.map(formatCrm).join(', ')]);
  if (medico.cidade_descricao) rows.push(['Cidade', medico.cidade_descricao]);
  if (medico.clinicas.length > 0)
    rows.push([
      medico.clinicas.length === 1 ? 'Clínica' : 'Clínicas',
      medico.clinicas.map((c) => c.nome).join(', '),
    ]);

  return (
    <section className={classes.profile} aria-labelledby="medico-nome">
      <div className={classes.identity}>
        <MedicoAvatar name={medico.name} avatar={medico.avatar} size={88} />
        <div className={classes.identityText}>
          <Title order={1} id="medico-nome" className={classes.name}>
            {medico.name}
          </Title>
          <div className={classes.badges}>
            <MedicoStatus status={medico.status} />
            {medico.suporte && <span className={classes.badge}>Equipe Pulso</span>}
            {medico.verificado && !medico.suporte && (
              <span className={classes.badge} title="CRM conferido pela equipe do Pulso">
                Verificado
              </span>
            )}
          </div>
        </div>
      </div>
      {rows.length > 0 && (
        <dl className={classes.facts}>
          {rows.map(([label, value]) => (
            <div key={label} className={classes.fact}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      <div className={classes.actions}>{actions}</div>
    </section>
  );
}
