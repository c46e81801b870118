import type { ReactNode } from 'react';
import { paths } from '../../lib/paths.ts';
import { AreaFrame } from '../area-shell/area-brand.tsx';

/** The doctor area before a doctor is signed in (its sign-in, the notice for other accounts, a failed check). */
export function MedicoFrame({ children }: { children: ReactNode }) {
  return (
    <AreaFrame area="medico" to={paths.medico}>
      {children}
    </AreaFrame>
  );
}
