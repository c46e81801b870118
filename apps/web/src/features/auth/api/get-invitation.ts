import type { InvitationView } from '@pulso/domain';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api.ts';

/** What the registration knows about the company invitation in its URL. */
export type InvitationState =
  | { status: 'none' }
  | { status: 'checking' }
  | { status: 'usable'; companyName: string }
  /** Unknown, used, expired or its company deactivated: the server does not say which. */
  | { status: 'invalid' }
  /** The check itself failed (offline, server error): `message` says why. */
  | { status: 'error'; message: string };

/**
 * Checks a company invitation before showing the form
 * (`GET /api/register/invitation/:token`,
 * docs/accounts.md "Registering with an invitation"). A 404 means the
 * invitation cannot be used. `recheck` asks again (after a failed check, or
 * when the registration found the invitation used up).
 */
export function useInvitation(token: string | undefined): { state: InvitationState; recheck: () => void } {
  const query = useQuery({
    queryKey: ['register', 'invitation', token],
    queryFn: ({ signal }) =>
      api.get<InvitationView>(`/register/invitation/${encodeURIComponent(token ?? '')}`, signal),
    enabled: Boolean(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const recheck = () => void query.refetch();
  if (!token) return { state: { status: 'none' }, recheck };
  if (query.isPending || (query.isFetching && query.isError))
    return { state: { status: 'checking' }, recheck };
  if (query.isError) {
    const error = query.error;
    if (error instanceof ApiError && error.status === 404) return { state: { status: 'invalid' }, recheck };
    return { state: { status: 'error', message: error.message }, recheck };
  }
  return { state: { status: 'usable', companyName: query.data.invitation.company.nome }, recheck };
}
