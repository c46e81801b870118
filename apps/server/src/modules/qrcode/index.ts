/**
 * What modules/qrcode offers the other modules: they import it from here only
 * (docs/architecture.md "What the layers may import, checked").
 */
export { findVirginCode } from './qrcode.service.ts';
