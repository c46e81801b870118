import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { OrderItem } from './pedidos.ts';

/** Answer of `GET /api/qrcode` (docs/api/account-and-profile.md, docs/api/pagamentos.md): `orders` newest first. */
export interface QrcodeResponse {
  qrcode: {
    /** Canonical personal code (`123AB456`). */
    code: string;
    /** What the QR code encodes: `{PUBLIC_ORIGIN}/code/{code}`. */
    url: string;
    /** The QR code as an SVG document. */
    svg: string;
  };
  orders: OrderItem[];
}

/** Query key of the signed-in patient's QR code. */
export const qrcodeQueryKey = ['qrcode'] as const;

/**
 * `GET /api/qrcode`: the patient's own code, its URL, its SVG and their sticker orders
 * (docs/codes.md "My QR code").
 */
export function useQrcode() {
  return useQuery({
    queryKey: qrcodeQueryKey,
    queryFn: ({ signal }) => api.get<QrcodeResponse>('/qrcode', signal),
  });
}
