import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './area-shell.module.css';

/** The two areas with their own gate and shell: the doctor area and the admin area. */
export type Area = 'medico' | 'admin';

const AREA_NAMES: Record<Area, string> = { medico: 'Área do médico', admin: 'Administração' };

/** 'Pulso' over the area's name, linking to the area's home `to`. */
export function AreaBrand({ area, to }: { area: Area; to: string }) {
  return (
    <Link to={to} className={classes.brand}>
      <span className={classes.brandName}>Pulso</span>
      <span className={classes.brandArea}>{AREA_NAMES[area]}</span>
    </Link>
  );
}

/** 'Pular para o conteúdo', shown when focused, to the page's `#conteudo`. */
export function SkipLink({ area }: { area: Area }) {
  return (
    <a href="#conteudo" className={classes.skipLink} data-area={area}>
      Pular para o conteúdo
    </a>
  );
}

/**
 * An area before anyone is signed in to it (its sign-in, the notice for
 * other accounts, a failed check): the area's brand over a narrow column.
 */
export function AreaFrame({ area, to, children }: { area: Area; to: string; children: ReactNode }) {
  return (
    <>
      <header className={classes.frameHeader} data-area={area}>
        <div className={classes.frameHeaderInner}>
          <AreaBrand area={area} to={to} />
        </div>
      </header>
      <main id="conteudo" className={classes.frameMain}>
        {children}
      </main>
    </>
  );
}
