import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { type QrcodeResponse, qrcodeQueryKey } from './get-qrcode.ts';

/** Answer of `POST /api/qrcode/substituir`: the success message and the new code, as `GET /api/qrcode` gives it. */
export interface ReplacedCode {
  message: string;
  qrcode: QrcodeResponse['qrcode'];
}

/**
 * `POST /api/qrcode/substituir`, "Perdi meu adesivo" (docs/codes.md "A lost sticker"): the new code goes
 * into the QR code's cache at once, and every other query (the emergency card, the profile, the orders
 * now printed with the new code) is read again.
 */
export function useReplaceCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ReplacedCode>('/qrcode/substituir'),
    onSuccess: ({ qrcode }) => {
      queryClient.setQueryData<QrcodeResponse>(qrcodeQueryKey, (old) => (old ? { ...old, qrcode } : old));
      void queryClient.invalidateQueries({
        predicate: (query) => !(query.queryKey.length === 1 && query.queryKey[0] === qrcodeQueryKey[0]),
      });
    },
  });
}
