/**
 * What modules/medicos offers the other modules: they import it from here only
 * (docs/architecture.md "What the layers may import, checked").
 */

export { findChoosableMedico } from './medicos.service.ts';
export { getMedico, listMedicos } from './medicos-admin-query.service.ts';
export { adminCreateMedico } from './medicos-create.service.ts';
export { editMedico } from './medicos-edit.service.ts';
export type { MedicoFlag } from './medicos-flags.service.ts';
export { setMedicoFlag } from './medicos-flags.service.ts';
