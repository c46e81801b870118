/**
 * What modules/cidades offers the other modules: they import it from here only
 * (docs/architecture.md "What the layers may import, checked").
 */
export { escapeLike } from './cidades.service.ts';
