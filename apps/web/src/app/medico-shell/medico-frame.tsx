import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../paths.ts';
import classes from './medico-shell.module.css';

/**
 * The doctor area before a doctor is signed in (its sign-in, the notice for
 * other accounts, a failed check): the area's name over a narrow column.
 */
export function MedicoFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <header className={classes.frameHeader}>
        <div className={classes.frameHeaderInner}>
          <Link to={paths.medico} className={classes.brand}>
            <span className={classes.brandName}>Pulso</span>
            <span className={classes.brandArea}>Área do médico</span>
          </Link>
        </div>
      </header>
      <main id="conteudo" className={classes.frameMain}>
        {children}
      </main>
    </>
  );
}
