/**
 * What modules/telemedicina offers the other modules: they import it from here only
 * (docs/architecture.md "What the layers may import, checked").
 */
export { listDenuncias, updateDenuncia } from './denuncias-admin.service.ts';
export { loadMedicoView } from './medico.presenter.ts';
export { conflict, isUniqueViolation, partiesOf, requireMedico } from './telemedicina.access.ts';
export { announceEnded, writeAtendimentoRecords } from './telemedicina.ending.ts';
export { publishAtendimentoEvent } from './telemedicina.events.ts';
export type { AtendimentoRow } from './telemedicina.presenter.ts';
export { loadAtendimentoView, loadAtendimentoViews } from './telemedicina.presenter.ts';
export type { TelemedicinaDeps } from './telemedicina.service.ts';
export { solicitacoesOf } from './telemedicina.service.ts';
