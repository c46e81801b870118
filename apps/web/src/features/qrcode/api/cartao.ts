import { type CartaoEscolha, type CartaoFacts, cartaoQuery, type TelaFormato } from '@pulso/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, apiFetch } from '../../../lib/api.ts';
import { saveBlob } from '../../../ui/save-blob.ts';

/** Query key of the card facts. */
export const cartaoQueryKey = ['qrcode', 'cartao'] as const;

/** `GET /api/qrcode/cartao`: the signed-in patient's own facts, for the preview. */
export function useCartaoFacts() {
  return useQuery({
    queryKey: cartaoQueryKey,
    queryFn: ({ signal }) => api.get<{ cartao: CartaoFacts }>('/qrcode/cartao', signal),
  });
}

/** File names as the server gives them. */
export const cartaoFileNames = {
  tela: (code: string, formato: TelaFormato) => `pulso-tela-de-bloqueio-${code}-${formato}.png`,
  carteira: (code: string) => `pulso-cartao-${code}.pdf`,
};

/** What a download needs: the code (for the file name) and the patient's ticks. */
export interface CartaoDownload {
  code: string;
  escolha: CartaoEscolha;
}

/** `GET /api/qrcode/cartao/tela?formato&alergias&medicamentos&contato` with the bearer token, saved as the PNG. */
export function useDownloadTela() {
  return useMutation({
    mutationFn: async ({ code, escolha, formato }: CartaoDownload & { formato: TelaFormato }) => {
      const png = await apiFetch<Blob>(`/qrcode/cartao/tela?formato=${formato}&${cartaoQuery(escolha)}`, {
        responseType: 'blob',
      });
      saveBlob(png, cartaoFileNames.tela(code, formato));
    },
  });
}

/** `GET /api/qrcode/cartao/carteira?alergias&medicamentos&contato` with the bearer token, saved as the PDF. */
export function useDownloadCarteira() {
  return useMutation({
    mutationFn: async ({ code, escolha }: CartaoDownload) => {
      const pdf = await apiFetch<Blob>(`/qrcode/cartao/carteira?${cartaoQuery(escolha)}`, {
        responseType: 'blob',
      });
      saveBlob(pdf, cartaoFileNames.carteira(code));
    },
  });
}
