import { useDisclosure } from '@mantine/hooks';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTimelineRealtime } from '../../features/timeline/api/use-timeline-realtime.ts';
import { useUnreadRealtime } from '../../lib/unread.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { AppHeader } from './app-header.tsx';
import classes from './app-shell.module.css';
import { MenuDrawer } from './menu-drawer.tsx';
import { TopTabs } from './top-tabs.tsx';

/**
 * Layout of every authenticated page (docs/architecture.md "Shell"): header,
 * top tabs, menu drawer and the page. The loading dialog and the snackbar are
 * app-wide. It holds the realtime connection and keeps the unread badge
 * (issue 6) and the count of records awaiting approval
 * (docs/timeline-privacy.md) live.
 */
export default function AppShell() {
  const [menuOpened, menu] = useDisclosure(false);
  const { pathname } = useLocation();
  // The session's socket stays open while the shell is shown and moves the Telemedicina badge.
  useUnreadRealtime();
  // …and the records others add to the patient's timeline (the pending list and its badges).
  useTimelineRealtime();

  // Any navigation (tab, header button, browser back) closes the drawer.
  useEffect(() => {
    if (pathname) menu.close();
  }, [pathname, menu.close]);

  return (
    <>
      <a href="#conteudo" className={classes.skipLink}>
        Pular para o conteúdo
      </a>
      <div className={classes.top} data-shell-top>
        <AppHeader menuOpened={menuOpened} onMenuToggle={menu.toggle} />
        <TopTabs />
      </div>
      <MenuDrawer opened={menuOpened} onClose={menu.close} />
      <main id="conteudo" className={classes.main} tabIndex={-1}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
    </>
  );
}
