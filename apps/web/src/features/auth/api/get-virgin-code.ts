import { parseCode } from '@pulso/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** What the registration knows about the code in its URL. */
export type VirginCodeState =
  | { status: 'none' }
  | { status: 'checking' }
  | { status: 'available'; code: string }
  | { status: 'unavailable' };

/**
 * Looks up an unclaimed sticker code (`GET /api/qrcode/virgins/:code`,
 * docs/codes.md "Virgin codes"). A malformed code, a 404 or any failure count as
 * unavailable.
 */
export function useVirginCode(rawCode: string | undefined): VirginCodeState {
  const code = rawCode ? parseCode(rawCode) : null;
  const query = useQuery({
    queryKey: ['qrcode', 'virgins', code],
    queryFn: ({ signal }) => api.get<{ virgin: { code: string } }>(`/qrcode/virgins/${code}`, signal),
    enabled: code !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!rawCode) return { status: 'none' };
  if (code === null || query.isError) return { status: 'unavailable' };
  if (query.isPending) return { status: 'checking' };
  return { status: 'available', code: query.data.virgin.code };
}
