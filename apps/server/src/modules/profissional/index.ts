/**
 * What modules/profissional offers the other modules: they import it from here only
 * (docs/architecture.md "What the layers may import, checked").
 */

export { DOCUMENTO_URL_PURPOSE, signedDocumentoUrl } from './profissional.service.ts';
export { listProfissionais, reviewProfissional } from './profissional-admin.service.ts';
