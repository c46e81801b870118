/**
 * What modules/conteudo offers the other modules: they import it from here only
 * (docs/architecture.md "What the layers may import, checked").
 */
export { CONTENT_NOT_FOUND_MESSAGE } from './conteudo.service.ts';
