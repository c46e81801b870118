import { NavLink } from 'react-router';
import { Icon } from '../../ui/icon.tsx';
import { useUser } from '../auth.tsx';
import { tabEntries } from './menu-entries.ts';
import classes from './top-tabs.module.css';

/** Unread-messages badge text: counts above 99 are shown as '99+'. */
function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/**
 * Top tabs of the shell (spec 1 §2): plain links with `aria-current="page"`.
 * On phones each tab stacks its icon over a short label; the row scrolls if
 * it still does not fit.
 */
export function TopTabs() {
  const { data } = useUser();
  const unread = data?.mensagens ?? 0;
  return (
    <nav className={classes.nav} aria-label="Seções">
      <ul className={classes.list}>
        {tabEntries.map((tab) => {
          const badge = tab.key === 'telemedicina' && unread > 0 ? badgeText(unread) : null;
          const ariaLabel =
            badge === null
              ? undefined
              : `${tab.label}, ${unread} ${unread === 1 ? 'mensagem nova' : 'mensagens novas'}`;
          return (
            <li key={tab.key} className={classes.item}>
              <NavLink to={tab.to} className={classes.tab} aria-label={ariaLabel}>
                <span className={classes.iconWrap}>
                  <Icon name={tab.icon} size={20} />
                  {badge !== null && (
                    <span className={classes.badge} aria-hidden="true" data-testid="unread-badge">
                      {badge}
                    </span>
                  )}
                </span>
                <span className={`${classes.full} ${tab.shortLabel ? classes.hasShort : ''}`}>
                  {tab.label}
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
