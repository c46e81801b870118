import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, requireUser } from '../auth/index.ts';
import { patientSummary } from './ips.service.ts';

/** The media type of FHIR's JSON format. */
export const FHIR_JSON = 'application/fhir+json';

/**
 * `GET /api/fhir/ips` (the signed-in patient, their own only; docs/fhir-ips.md): 200 `application/fhir+json`,
 * the patient's International Patient Summary, a FHIR R4 `Bundle` of type `document` (Composition first,
 * LOINC 60591-5; allergies, medications, problems; Patient with the CNS; blood group; last vital signs).
 * `cache-control: private, no-store`. 401 without a live session.
 */
export const fhirRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  app.get(
    '/fhir/ips',
    {
      config: { access: 'self' },
      onRequest: requireUser,
      // The answer is FHIR JSON, sent as text: no response schema (the tests validate it against FHIR R4).
      schema: {
        summary: "The signed-in patient's International Patient Summary (FHIR R4 document Bundle)",
        tags: ['fhir'],
      },
    },
    async (request, reply) => {
      const bundle = await patientSummary(db, actorOf(request).userId);
      return reply
        .type(`${FHIR_JSON}; charset=utf-8`)
        .header('cache-control', 'private, no-store')
        .send(JSON.stringify(bundle));
    },
  );
};
