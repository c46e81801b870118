import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminDenunciasRoutes } from './denuncias.routes.ts';
import { adminMedicosRoutes } from './medicos.routes.ts';
import { adminProfissionaisRoutes } from './profissionais.routes.ts';

/**
 * Issue 9 "Doctors", "Reports" and "Emergency professionals":
 * `/api/admin/medicos`, `/api/admin/denuncias`, `/api/admin/profissionais`.
 */
export const medicosAreaRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(adminMedicosRoutes);
  await app.register(adminDenunciasRoutes);
  await app.register(adminProfissionaisRoutes);
};
