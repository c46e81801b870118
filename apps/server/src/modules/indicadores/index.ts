/**
 * What modules/indicadores offers the other modules: they import it from here only
 * (docs/architecture.md "What the layers may import, checked").
 */
export { indicadoresRecentes } from './indicadores.service.ts';
