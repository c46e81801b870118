import { Divider, Drawer, NavLink as MantineNavLink, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useLogout, useUser } from '../../lib/auth.tsx';
import { Icon } from '../../ui/icon.tsx';
import { drawerEntries } from './menu-entries.ts';

/** The shell's menu drawer (docs/architecture.md "Shell"): every entry in the documented order, then 'Sair'. */
export function MenuDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { pathname } = useLocation();
  const { data } = useUser();
  const logout = useLogout();

  return (
    <Drawer.Root opened={opened} onClose={onClose} size={300}>
      <Drawer.Overlay />
      <Drawer.Content>
        {/* A div, not Mantine's <header>: the page's header stays the only banner landmark. */}
        <Drawer.Header component="div">
          <Drawer.Title>Menu</Drawer.Title>
          <Drawer.CloseButton aria-label="Fechar menu" />
        </Drawer.Header>
        <Drawer.Body>
          {data && (
            <Stack gap={0} mb="sm">
              <Text fw={600}>{data.user.name}</Text>
              <Text size="sm" c="dimmed">
                {data.user.email}
              </Text>
            </Stack>
          )}
          <nav aria-label="Menu principal">
            {drawerEntries.map((item) => (
              <MantineNavLink
                key={item.key}
                component={Link}
                to={item.to}
                label={item.label}
                leftSection={<Icon name={item.icon} size={20} />}
                active={pathname === item.to || pathname.startsWith(`${item.to}/`)}
                aria-current={pathname === item.to ? 'page' : undefined}
                onClick={onClose}
              />
            ))}
            <Divider my="xs" />
            <MantineNavLink
              component="button"
              type="button"
              label="Sair"
              leftSection={<Icon name="logout" size={20} />}
              disabled={logout.isPending}
              onClick={() => {
                onClose();
                logout.mutate();
              }}
            />
          </nav>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
