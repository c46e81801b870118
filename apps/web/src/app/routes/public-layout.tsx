import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import classes from './public-layout.module.css';

/** Layout of the public pages (login, registration, terms…): the Pulso name over a narrow column. */
export default function PublicLayout() {
  return (
    <>
      <header className={classes.header}>
        <Link to={paths.root} className={classes.brand}>
          <img src="/favicon.svg" alt="" width={32} height={32} />
          Pulso
        </Link>
      </header>
      <main id="conteudo" className={classes.main}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
    </>
  );
}
