import type { ReactNode } from 'react';
import { paths } from '../../lib/paths.ts';
import { AreaFrame } from '../area-shell/area-brand.tsx';

/** The admin area before staff are signed in (its sign-in, the notice for other accounts). */
export function AdminFrame({ children }: { children: ReactNode }) {
  return (
    <AreaFrame area="admin" to={paths.admin}>
      {children}
    </AreaFrame>
  );
}
