import type { ReactNode } from 'react';
import { AreaFrame } from '../area-shell/area-brand.tsx';
import { paths } from '../../lib/paths.ts';

/** The admin area before staff are signed in (its sign-in, the notice for other accounts). */
export function AdminFrame({ children }: { children: ReactNode }) {
  return (
    <AreaFrame area="admin" to={paths.admin}>
      {children}
    </AreaFrame>
  );
}
