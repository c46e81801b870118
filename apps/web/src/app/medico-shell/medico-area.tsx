import { useMedicoMe } from '../../features/medico/api/get-medico-me.ts';
import MedicoLoginPage from '../../features/medico/medico-login-page.tsx';
import { NotMedico } from '../../features/medico/not-medico.tsx';
import { ApiError } from '../../lib/api.ts';
import { useToken } from '../../lib/token.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { QueryError } from '../../ui/query-error.tsx';
import { MedicoFrame } from './medico-frame.tsx';
import { MedicoShell } from './medico-shell.tsx';

/**
 * Entry of every /medico path (issue 6 "Doctors";
 * docs/telemedicine.md "Doctor area": doctors sign in at /medico). Without a
 * stored token it shows the doctor sign-in at the address asked for; with
 * one it asks `GET /api/medico/me`: a doctor gets the area's shell and page,
 * any other account (403) reads 'Esta conta não é de um médico.' with a way
 * out.
 */
export default function MedicoArea() {
  const token = useToken();
  if (token === null) {
    return (
      <MedicoFrame>
        <MedicoLoginPage />
      </MedicoFrame>
    );
  }
  return <MedicoGate />;
}

function MedicoGate() {
  const me = useMedicoMe();
  // Also when a later check refuses (a doctor suspended meanwhile): the area closes.
  const refused = me.error instanceof ApiError && me.error.status === 403;
  if (me.data && !refused) return <MedicoShell me={me.data} />;
  if (me.isPending) {
    return (
      <MedicoFrame>
        <PageLoader />
      </MedicoFrame>
    );
  }
  return (
    <MedicoFrame>
      {refused ? (
        <NotMedico message={me.error?.message} />
      ) : (
        <QueryError
          title="Não foi possível abrir a área do médico"
          message={me.error?.message ?? ''}
          onRetry={() => void me.refetch()}
          retrying={me.isFetching}
        />
      )}
    </MedicoFrame>
  );
}
