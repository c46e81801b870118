/**
 * What modules/pagamentos offers the other modules: they import it from here only
 * (docs/architecture.md "What the layers may import, checked").
 */
export type { BillingResult } from './billing-handler.ts';
export { addSaldo, saveCard, savedCard } from './cards.service.ts';
export type { ChargeDeps, ChargeResult } from './charge.service.ts';
export { chargeDeps, chargeOnce, paymentRefused } from './charge.service.ts';
export type { Compra, PedidoCompra } from './compras.ts';
export { grantCompra } from './compras.ts';
export { ensureCustomer } from './customers.service.ts';
export { findPayment, paymentKey } from './payments.read.ts';
export { ATENDIMENTO_VALOR_KEY, getAtendimentoValor } from './settings.service.ts';
