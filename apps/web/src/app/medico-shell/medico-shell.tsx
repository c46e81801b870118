import { Avatar } from '@mantine/core';
import type { MedicoStatus } from '@pulso/domain';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import type { MedicoMeResponse } from '../../features/medico/api/get-medico-me.ts';
import { useMedicoRealtime } from '../../features/medico/api/use-medico-live.ts';
import { paths } from '../../lib/paths.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { AreaBrand, SkipLink } from '../area-shell/area-brand.tsx';
import { MedicoNav } from './medico-nav.tsx';
import classes from './medico-shell.module.css';
import { MedicoStatusControl } from './medico-status-control.tsx';

/**
 * Layout of the signed-in doctor (issue 6 "Doctors"): the header with the
 * area's name, the doctor's photo and name and the status control, the
 * area's navigation, and the page. It holds the realtime connection that
 * keeps the area's counters and lists live. The snackbar and the loading
 * dialog are app-wide.
 */
export function MedicoShell({ me }: { me: MedicoMeResponse }) {
  useMedicoRealtime();
  const { medico } = me;
  return (
    <>
      <SkipLink area="medico" />
      <div className={classes.top} data-shell-top>
        <header className={classes.header}>
          <div className={classes.headerInner}>
            <AreaBrand area="medico" to={paths.medico} />
            <MedicoStatusControl status={medico.status as MedicoStatus} />
            <div className={classes.doctor}>
              <Avatar
                src={medico.avatar}
                alt={medico.avatar ? `Foto de ${medico.name}` : undefined}
                name={medico.name}
                variant="white"
                color="teal.9"
                size={36}
                radius={36}
              />
              <span className={classes.doctorName}>{medico.name}</span>
            </div>
          </div>
        </header>
        <MedicoNav resumo={me.resumo} />
      </div>
      <main id="conteudo" className={classes.main} tabIndex={-1}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
    </>
  );
}
