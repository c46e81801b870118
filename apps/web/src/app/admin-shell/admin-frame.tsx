import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../paths.ts';
import classes from './admin-shell.module.css';

/** The admin area before staff are signed in (its sign-in, the notice for other accounts): the name over a column. */
export function AdminFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <header className={classes.frameHeader}>
        <div className={classes.frameHeaderInner}>
          <Link to={paths.admin} className={classes.brand}>
            <span className={classes.brandName}>Pulso</span>
            <span className={classes.brandArea}>Administração</span>
          </Link>
        </div>
      </header>
      <main id="conteudo" className={classes.frameMain}>
        {children}
      </main>
    </>
  );
}
