import { VisuallyHidden } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import type { MedicoResumo } from '../../features/medico/api/get-medico-me.ts';
import { useMedicoLogout } from '../../features/medico/api/medico-login.ts';
import { type MedicoPathKey, pageTitles, paths } from '../../lib/paths.ts';
import { Icon, type IconName } from '../../ui/icon.tsx';
import classes from './medico-shell.module.css';

/** Badge text: counts above 99 are shown as '99+'. */
function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** Whether the entry is the current section: a session's chat belongs to Atendimentos. */
function isCurrent(key: MedicoPathKey, pathname: string): boolean {
  if (key === 'medico') return pathname === paths.medico || pathname === `${paths.medico}/`;
  if (key === 'medicoAtendimentos' && pathname.startsWith(`${paths.medico}/atendimento/`)) return true;
  return pathname === paths[key] || pathname.startsWith(`${paths[key]}/`);
}

interface Entry {
  key: MedicoPathKey;
  label: string;
  icon: IconName;
  /** The count shown on the entry and how it is read aloud. */
  badge?: (resumo: MedicoResumo) => { count: number; spoken: string };
}

const entries: readonly Entry[] = [
  { key: 'medico', label: 'Início', icon: 'home' },
  {
    key: 'medicoSolicitacoes',
    label: 'Solicitações',
    icon: 'inbox',
    badge: ({ solicitacoes: n }) => ({ count: n, spoken: `${n} ${n === 1 ? 'pendente' : 'pendentes'}` }),
  },
  {
    key: 'medicoAtendimentos',
    label: pageTitles.medicoAtendimentos,
    icon: 'chat',
    badge: ({ mensagens_novas: n }) => ({
      count: n,
      spoken: `${n} ${n === 1 ? 'mensagem nova' : 'mensagens novas'}`,
    }),
  },
  { key: 'medicoPasses', label: pageTitles.medicoPasses, icon: 'ticket' },
];

/**
 * Navigation of the doctor area: Início, Solicitações (with the number of
 * requests waiting), Atendimentos (with the unread messages), Passes and
 * Sair. Links carry `aria-current="page"`; on phones each stacks its icon
 * over its label.
 */
export function MedicoNav({ resumo }: { resumo: MedicoResumo }) {
  const { pathname } = useLocation();
  const logout = useMedicoLogout();
  return (
    <nav className={classes.nav} aria-label="Área do médico">
      <ul className={classes.list}>
        {entries.map((entry) => {
          const badge = entry.badge?.(resumo);
          const shown = badge && badge.count > 0 ? badge : null;
          return (
            <li key={entry.key} className={classes.item}>
              <Link
                to={paths[entry.key]}
                className={classes.tab}
                aria-current={isCurrent(entry.key, pathname) ? 'page' : undefined}
              >
                <span className={classes.iconWrap}>
                  <Icon name={entry.icon} size={20} />
                  {shown && (
                    <span className={classes.badge} aria-hidden="true" data-testid={`badge-${entry.key}`}>
                      {badgeText(shown.count)}
                    </span>
                  )}
                </span>
                <span className={classes.tabLabel}>{entry.label}</span>
                {/* Read after the label (no aria-label: the visible label stays the name's start, WCAG 2.5.3). */}
                {shown && <VisuallyHidden component="span">, {shown.spoken}</VisuallyHidden>}
              </Link>
            </li>
          );
        })}
        <li className={classes.item}>
          <button
            type="button"
            className={classes.tab}
            disabled={logout.isPending}
            onClick={() => logout.mutate()}
          >
            <span className={classes.iconWrap}>
              <Icon name="logout" size={20} />
            </span>
            <span className={classes.tabLabel}>Sair</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
