import { Avatar, Button } from '@mantine/core';
import { ATENDIMENTO_STATUS, type AtendimentoChat, formatCode } from '@pulso/domain';
import type { ReactNode } from 'react';
import { generatePath, Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { Icon } from '../../../ui/icon.tsx';
import classes from './chat-page.module.css';

/**
 * The chat's back target (docs/telemedicine.md "Chat"): the doctor's profile
 * for the patient, the session list for the doctor.
 */
export function chatBackTarget(chat: Pick<AtendimentoChat, 'role' | 'medico'>): {
  to: string;
  label: string;
} {
  return chat.role === 'paciente'
    ? {
        to: generatePath(paths.telemedicinaMedico, { id: String(chat.medico.id) }),
        label: 'Voltar para o perfil do médico',
      }
    : { to: paths.medicoAtendimentos, label: 'Voltar para os atendimentos' };
}

/** The other side of the session: its name, photo and the line under the name. */
export function otherParty(chat: AtendimentoChat): { name: string; avatar: string | null; subtitle: string } {
  if (chat.role === 'paciente') {
    const { medico } = chat;
    return {
      name: medico.name,
      avatar: medico.avatar,
      subtitle: [medico.especialidade, medico.cidade_descricao].filter(Boolean).join(' · '),
    };
  }
  return {
    name: chat.paciente.name,
    avatar: chat.paciente.avatar,
    subtitle: `Código ${formatCode(chat.paciente.code)}`,
  };
}

/**
 * The chat's header (docs/telemedicine.md "Chat": the doctor's avatar, name,
 * specialty and city; for the doctor, the patient's name and code): the back
 * link, the other side as the page's `<h1>`, the session's status and reason,
 * and the doctor's `actions`.
 */
export function ChatHeader({ chat, actions }: { chat: AtendimentoChat; actions?: ReactNode }) {
  const back = chatBackTarget(chat);
  const other = otherParty(chat);
  return (
    <header className={classes.header}>
      <Button
        component={Link}
        to={back.to}
        variant="subtle"
        leftSection={<Icon name="back" size={18} />}
        className={classes.back}
      >
        {back.label}
      </Button>
      <div className={classes.identity}>
        {other.avatar ? (
          <Avatar src={other.avatar} alt="" size={56} radius={56} />
        ) : (
          <Avatar name={other.name} color="blue" variant="filled" size={56} radius={56} aria-hidden="true" />
        )}
        <div className={classes.identityText}>
          <h1 className={classes.name}>{other.name}</h1>
          {other.subtitle && <p className={classes.subtitle}>{other.subtitle}</p>}
          <p className={classes.sessionLine}>
            <span className={classes.chip} data-status={chat.atendimento.status}>
              {ATENDIMENTO_STATUS[chat.atendimento.status]}
            </span>
            {chat.role === 'medico' && chat.paciente.bloqueado && (
              <span className={classes.chip} data-status="R">
                Paciente bloqueado
              </span>
            )}
          </p>
        </div>
      </div>
      <details className={classes.motivo}>
        <summary>Motivo da solicitação</summary>
        <p>{chat.atendimento.motivo}</p>
      </details>
      {actions && <div className={classes.headerActions}>{actions}</div>}
    </header>
  );
}
