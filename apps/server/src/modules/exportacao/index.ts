/**
 * What modules/exportacao offers the rest of the server: the routes of "Baixar meus dados" and the
 * scheduled job (docs/data-export.md; docs/architecture.md "What the layers may import, checked").
 */
export { EXPORTACAO_JOB_MS, runExportJob } from './exportacao.job.ts';
export { exportacaoRoutes } from './exportacao.routes.ts';
