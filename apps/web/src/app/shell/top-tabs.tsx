import { NavLink } from 'react-router';
import { usePendentesCount } from '../../features/timeline/api/get-pendentes.ts';
import { useUser } from '../../lib/auth.tsx';
import { Icon } from '../../ui/icon.tsx';
import { tabEntries } from './menu-entries.ts';
import classes from './top-tabs.module.css';

/** Unread-messages badge text: counts above 99 are shown as '99+'. */
function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/**
 * '1 mensagem nova', '3 mensagens novas', '1 resposta de médico', and both
 * joined ('2 mensagens novas e 1 resposta de médico').
 */
export function unreadLabel(mensagens: number, respostas = 0): string {
  const parts = [
    mensagens === 0 ? null : mensagens === 1 ? '1 mensagem nova' : `${mensagens} mensagens novas`,
    respostas === 0 ? null : respostas === 1 ? '1 resposta de médico' : `${respostas} respostas de médicos`,
  ].filter((part) => part !== null);
  return parts.join(' e ');
}

/** '1 registro aguardando aprovação', '3 registros aguardando aprovação'. */
export function pendingLabel(count: number): string {
  return count === 1 ? '1 registro aguardando aprovação' : `${count} registros aguardando aprovação`;
}

/**
 * Top tabs of the shell (docs/architecture.md "Shell"): plain links with
 * `aria-current="page"`. On phones each tab stacks its icon over a short label;
 * the row scrolls if it still does not fit. The Telemedicina tab carries the badge
 * of unread messages and of doctors' answers not opened yet
 * (docs/api/telemedicina.md "The patient's requests"), the Linha do tempo tab the count
 * of records awaiting the patient's approval (docs/timeline-privacy.md): the
 * number is drawn over the icon and read as part of the tab's name
 * ('Telemedicina, 3 mensagens novas').
 */
export function TopTabs() {
  const { data } = useUser();
  const mensagens = data?.mensagens ?? 0;
  const respostas = data?.respostas ?? 0;
  const pendentes = usePendentesCount();
  const counts: Partial<Record<string, { count: number; label: string }>> = {
    telemedicina: { count: mensagens + respostas, label: unreadLabel(mensagens, respostas) },
    timeline: { count: pendentes, label: pendingLabel(pendentes) },
  };
  return (
    <nav className={classes.nav} aria-label="Seções">
      <ul className={classes.list}>
        {tabEntries.map((tab) => {
          const counted = counts[tab.key];
          const badge = counted && counted.count > 0 ? badgeText(counted.count) : null;
          return (
            <li key={tab.key} className={classes.item}>
              <NavLink to={tab.to} className={classes.tab}>
                <span className={classes.iconWrap}>
                  <Icon name={tab.icon} size={20} />
                  {badge !== null && (
                    <span
                      className={classes.badge}
                      aria-hidden="true"
                      data-testid={tab.key === 'telemedicina' ? 'unread-badge' : `${tab.key}-badge`}
                    >
                      {badge}
                    </span>
                  )}
                </span>
                <span className={`${classes.full} ${tab.shortLabel ? classes.hasShort : ''}`}>
                  {tab.label}
                  {/* The count joins the tab's name for screen readers, after its visible label (WCAG 2.5.3). */}
                  {badge !== null && <span className={classes.visuallyHidden}>, {counted?.label}</span>}
                </span>
                {tab.shortLabel && <span className={classes.short}>{tab.shortLabel}</span>}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
