import type { CartaoFacts } from '@pulso/domain';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api.ts';
import { getToken } from '../../../lib/token.ts';
import { type CartaoCopy, readCartaoCopy, saveCartaoCopy } from './cartao-copy.ts';

/** The card as shown: the facts, when they were fetched, and whether from the network or the device's copy. */
export interface CartaoCard extends CartaoCopy {
  origem: 'rede' | 'copia';
}

/** Message of the card with no network and no copy on this device (pt-BR, for the screen). */
export const SEM_COPIA_MESSAGE =
  'Sem conexão, e este aparelho ainda não tem uma cópia do seu cartão. Abra esta página uma vez com internet para guardá-la aqui.';

/** Query key of the offline card (not `['qrcode', 'cartao']`: that one never reads the copy). */
export const cartaoCardQueryKey = ['cartao', 'offline'] as const;

/** No answer from the server (offline, DNS) or a server fault: the copy may stand in. */
function unreachable(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

/**
 * Network first (docs/offline-card.md): `GET /api/qrcode/cartao`, kept as the
 * session's copy with the time it was fetched. When the server cannot be
 * reached (status 0 or 5xx) the copy answers instead; with no copy it rejects
 * with an `ApiError` (status 0) whose message is {@link SEM_COPIA_MESSAGE}.
 * Any other failure (401 — already handled by `api.ts` —, 4xx) is rethrown.
 */
export async function loadCartaoCard(signal?: AbortSignal): Promise<CartaoCard> {
  const token = getToken();
  try {
    const { cartao } = await api.get<{ cartao: CartaoFacts }>('/qrcode/cartao', signal);
    const savedAt = new Date();
    if (token) saveCartaoCopy(token, cartao, savedAt);
    return { cartao, savedAt: savedAt.toISOString(), origem: 'rede' };
  } catch (error) {
    if (!unreachable(error)) throw error;
    const copy = readCartaoCopy(token);
    if (copy) return { ...copy, origem: 'copia' };
    throw new ApiError(0, SEM_COPIA_MESSAGE);
  }
}

/**
 * The patient's own card for /cartao. Runs offline too (`networkMode:
 * 'always'`: TanStack Query would otherwise pause it until the browser is
 * online) and does not retry: the copy answers at once.
 */
export function useCartaoCard() {
  return useQuery({
    queryKey: cartaoCardQueryKey,
    queryFn: ({ signal }) => loadCartaoCard(signal),
    networkMode: 'always',
    retry: false,
    staleTime: 0,
  });
}
