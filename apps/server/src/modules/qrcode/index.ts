/**
 * What modules/qrcode offers the other modules: they import it from here only
 * (docs/architecture.md "What the layers may import, checked").
 */
export { createLote, getLote, listLotes, loteCodigos, lotePdf } from './lotes.service.ts';
export { getPedido, listPedidos, markEnviado, pedidoPdf } from './pedidos-admin.service.ts';
export { findVirginCode } from './qrcode.service.ts';
