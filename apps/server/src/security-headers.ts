import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every answer (docs/auth-security.md), its
 * middleware built once: `@fastify/helmet` rebuilt it, parsing the whole
 * Content-Security-Policy, on each request (docs/performance.md "What a
 * scan costs the server"). A route changes them on its reply
 * (`reply.header`, `reply.removeHeader`), as the code's page does.
 */
export function securityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const apply = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
}
