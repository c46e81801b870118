import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { saveBlob } from '../../../ui/save-blob.ts';

/** File name of the downloaded QR code, as the server names it: `pulso-qrcode-123AB456.png`. */
export function qrcodeFileName(code: string): string {
  return `pulso-qrcode-${code}.png`;
}

/**
 * `GET /api/qrcode/download` with the bearer token (docs/codes.md "My QR code"): the
 * print-quality PNG, saved as `pulso-qrcode-<code>.png`. The mutation's variable is the
 * canonical code.
 */
export function useDownloadQrcode() {
  return useMutation({
    mutationFn: async (code: string) => {
      const png = await apiFetch<Blob>('/qrcode/download', { responseType: 'blob' });
      saveBlob(png, qrcodeFileName(code));
    },
  });
}
