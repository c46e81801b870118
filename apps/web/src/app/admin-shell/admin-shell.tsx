import { Alert, Burger, NavLink, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ADMIN_MESSAGES, STAFF_ROLE_LABELS } from '@pulso/domain';
import { Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import type { AdminMe } from '../../features/admin/api/get-admin-me.ts';
import { useAreaLogout } from '../../lib/area-session.ts';
import { pageTitles, paths } from '../../lib/paths.ts';
import { Icon } from '../../ui/icon.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { AreaBrand, SkipLink } from '../area-shell/area-brand.tsx';
import { adminNavEntries } from './admin-nav.ts';
import classes from './admin-shell.module.css';

/** Whether `path` is the current section (the dashboard only at /admin itself). */
function isCurrent(path: string, pathname: string): boolean {
  if (path === paths.admin) return pathname === paths.admin || pathname === `${paths.admin}/`;
  return pathname === path || pathname.startsWith(`${path}/`);
}

/**
 * Layout of signed-in staff (issue 9 "Access": the area's own shell): the
 * header with the area's name, the staff member and role, and the sections
 * the role reaches (`capabilities` of `GET /api/admin/me`) in a side
 * navigation that folds behind a menu button on phones. Laid out by its
 * own CSS (Mantine's AppShell writes `<style>` tags the CSP refuses).
 */
export function AdminShell({ me }: { me: AdminMe }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const logout = useAreaLogout(paths.admin);
  const entries = adminNavEntries.filter((e) => me.capabilities.includes(e.capability));
  // The most specific section holding this address; one the role does not reach is not drawn at all.
  const section = adminNavEntries.filter((e) => isCurrent(paths[e.key], pathname)).at(-1);
  const barred = section !== undefined && !me.capabilities.includes(section.capability);
  return (
    <>
      <SkipLink area="admin" />
      <header className={classes.header}>
        <Burger
          opened={opened}
          onClick={toggle}
          size="sm"
          color="white"
          className={classes.burger}
          aria-label={opened ? 'Fechar menu' : 'Abrir menu'}
          aria-expanded={opened}
          aria-controls="admin-nav"
        />
        <AreaBrand area="admin" to={paths.admin} />
        <Text className={classes.who} size="sm">
          {me.user.name} · {STAFF_ROLE_LABELS[me.role]}
        </Text>
      </header>
      <div className={classes.body}>
        <nav
          id="admin-nav"
          className={classes.nav}
          data-open={opened || undefined}
          aria-label="Área administrativa"
        >
          {entries.map((e) => (
            <NavLink
              key={e.key}
              component={Link}
              to={paths[e.key]}
              label={pageTitles[e.key]}
              leftSection={<Icon name={e.icon} />}
              active={isCurrent(paths[e.key], pathname)}
              aria-current={isCurrent(paths[e.key], pathname) ? 'page' : undefined}
              onClick={close}
              variant="filled"
              color="indigo.9"
              className={classes.navLink}
            />
          ))}
          <NavLink
            component="button"
            label="Sair"
            leftSection={<Icon name="logout" />}
            onClick={() => logout.mutate()}
            disabled={logout.isPending}
            className={classes.navLink}
          />
        </nav>
        <main id="conteudo" tabIndex={-1} className={classes.main}>
          {barred ? (
            <Alert color="orange" variant="light" role="alert" title={ADMIN_MESSAGES.notAllowed} maw={560}>
              Esta seção é da administração. Use as seções do menu.
            </Alert>
          ) : (
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          )}
        </main>
      </div>
    </>
  );
}
