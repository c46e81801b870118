import { ActionIcon, Burger } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { Icon } from '../../ui/icon.tsx';
import classes from './app-shell.module.css';

/**
 * Header of the shell: menu burger, the Pulso name and the 'Ler QR Code' button
 * (docs/architecture.md "Shell").
 */
export function AppHeader({ menuOpened, onMenuToggle }: { menuOpened: boolean; onMenuToggle: () => void }) {
  return (
    <header className={classes.header}>
      <div className={classes.headerInner}>
        <Burger
          opened={menuOpened}
          onClick={onMenuToggle}
          color="white"
          size="sm"
          className={classes.headerButton}
          aria-label={menuOpened ? 'Fechar menu' : 'Abrir menu'}
          aria-expanded={menuOpened}
        />
        <Link to={paths.home} className={classes.brand}>
          Pulso
        </Link>
        <ActionIcon
          component={Link}
          to={paths.qrcodeRead}
          variant="subtle"
          size="xl"
          className={classes.headerButton}
          aria-label="Ler QR Code"
        >
          <Icon name="scan" size={26} />
        </ActionIcon>
      </div>
    </header>
  );
}
