import { z } from 'zod';

/**
 * Sticker orders in the admin area (issue 9 "Orders"): list and filter by
 * status, read the address, mark as sent with an optional tracking code.
 * The statuses are the patient's (`PEDIDO_STATUS`: A Aguardando, E Enviado).
 */

/** Filters of the orders list: A Aguardando, E Enviado. */
export const PEDIDO_STATUS_FILTROS = ['A', 'E'] as const;
export type PedidoStatusFiltro = (typeof PEDIDO_STATUS_FILTROS)[number];

/** pt-BR messages of the orders area. */
export const ADMIN_PEDIDO_MESSAGES = {
  enviado: 'Pedido marcado como enviado.',
  jaEnviado: 'Este pedido já foi marcado como enviado.',
  naoEncontrado: 'Pedido não encontrado.',
  rastreio: 'Informe um código de rastreio dos Correios válido (ex.: AB123456789BR).',
} as const;

// UPU S10, the Correios' tracking format: 2 letters, 8 digits and a check digit, country BR or another.
const RASTREIO = /^[A-Z]{2}\d{9}[A-Z]{2}$/;

/** A tracking code as typed (spaces, hyphens, dots, lower case) in its stored form, `AB123456789BR`. */
export function normalizeRastreio(value: string): string {
  return value.replace(/[\s.-]/g, '').toUpperCase();
}

/** Whether `value` (normalised) is a Correios tracking code (UPU S10: `AB123456789BR`). */
export function isRastreio(value: string): boolean {
  return RASTREIO.test(value);
}

/**
 * `POST /api/admin/pedidos/:id/enviar` body and the web's form: `rastreio`
 * optional (blank → `null`), else a Correios tracking code, normalised to
 * upper case without spaces. Error: {@link ADMIN_PEDIDO_MESSAGES.rastreio}.
 */
export const MarcarEnviadoSchema = z.object({
  rastreio: z.preprocess((v) => {
    if (v === undefined || v === null) return null;
    if (typeof v !== 'string') return v;
    const n = normalizeRastreio(v);
    return n === '' ? null : n;
  }, z
    .string({ error: ADMIN_PEDIDO_MESSAGES.rastreio })
    .refine(isRastreio, ADMIN_PEDIDO_MESSAGES.rastreio)
    .nullable()),
});
export type MarcarEnviado = z.output<typeof MarcarEnviadoSchema>;

/** A CEP's 8 digits as shown, `#####-###` (`'01310100'` → `'01310-100'`); anything else unchanged. */
export function formatCep(cep: string): string {
  return /^\d{8}$/.test(cep) ? `${cep.slice(0, 5)}-${cep.slice(5)}` : cep;
}
