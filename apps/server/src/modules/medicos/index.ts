/**
 * What modules/medicos offers the other modules: they import it from here only
 * (docs/architecture.md "What the layers may import, checked").
 */
export { findChoosableMedico } from './medicos.service.ts';
