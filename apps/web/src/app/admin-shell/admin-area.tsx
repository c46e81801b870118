import AdminLoginPage from '../../features/admin/admin-login-page.tsx';
import { useAdminMe } from '../../features/admin/api/get-admin-me.ts';
import { NotStaff } from '../../features/admin/not-staff.tsx';
import { ApiError } from '../../lib/api.ts';
import { useToken } from '../../lib/token.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { QueryError } from '../../ui/query-error.tsx';
import { AdminFrame } from './admin-frame.tsx';
import { AdminShell } from './admin-shell.tsx';

/**
 * Entry of every /admin path (issue 9 "Access": the area lives at /admin with
 * its own login and shell). Without a stored token it shows the staff
 * sign-in at the address asked for; with one it asks `GET /api/admin/me`:
 * staff get the shell and page, any other account (403) reads 'Esta conta
 * não é da equipe do Pulso.' with a way out.
 */
export default function AdminArea() {
  const token = useToken();
  if (token === null) {
    return (
      <AdminFrame>
        <AdminLoginPage />
      </AdminFrame>
    );
  }
  return <AdminGate />;
}

function AdminGate() {
  const me = useAdminMe();
  const refused = me.error instanceof ApiError && me.error.status === 403;
  if (me.data && !refused) return <AdminShell me={me.data} />;
  if (me.isPending) {
    return (
      <AdminFrame>
        <PageLoader />
      </AdminFrame>
    );
  }
  return (
    <AdminFrame>
      {refused ? (
        <NotStaff />
      ) : (
        <QueryError
          title="Não foi possível abrir a área administrativa"
          message={me.error?.message ?? ''}
          onRetry={() => void me.refetch()}
          retrying={me.isFetching}
        />
      )}
    </AdminFrame>
  );
}
