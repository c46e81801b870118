import { randomUUID } from 'node:crypto';
import multipart, { type MultipartFile } from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { MAX_BODY_BYTES, MAX_UPLOAD_BYTES, setBrazilianZodMessages } from '@pulso/domain';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkRouteAccess } from './access.ts';
import type { AppContext } from './context.ts';
import { errorHandler } from './error-handler.ts';
import { cleanRequestText } from './input-text.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { cidadesRoutes } from './modules/cidades/cidades.routes.ts';
import { clinicasRoutes } from './modules/clinicas/clinicas.routes.ts';
import { codeRoutes } from './modules/code/code.routes.ts';
import { conteudoRoutes } from './modules/conteudo/conteudo.routes.ts';
import { devicesRoutes } from './modules/devices/devices.routes.ts';
import { devmailRoutes } from './modules/devmail/devmail.routes.ts';
import { empresasRoutes } from './modules/empresas/empresas.routes.ts';
import { exportacaoRoutes } from './modules/exportacao/index.ts';
import { fhirRoutes } from './modules/fhir/index.ts';
import { healthRoutes } from './modules/healthcheck/healthcheck.routes.ts';
import { instrumented, registerMetrics } from './modules/healthcheck/metrics.routes.ts';
import { homeRoutes } from './modules/home/home.routes.ts';
import { indicadoresRoutes } from './modules/indicadores/indicadores.routes.ts';
import { medicoRoutes } from './modules/medico/medico.routes.ts';
import { medicosRoutes } from './modules/medicos/medicos.routes.ts';
import { pagamentosRoutes } from './modules/pagamentos/pagamentos.routes.ts';
import { stripeWebhookRoutes } from './modules/pagamentos/webhook.routes.ts';
import { permissoesRoutes } from './modules/permissoes/permissoes.routes.ts';
import { BILLING_EVENTS, handleBillingEvent } from './modules/planos/billing-events.ts';
import { planosRoutes } from './modules/planos/planos.routes.ts';
import { profissionalRoutes } from './modules/profissional/profissional.routes.ts';
import { cartaoRoutes } from './modules/qrcode/cartao.routes.ts';
import { pedidosRoutes } from './modules/qrcode/pedidos.routes.ts';
import { qrcodeRoutes } from './modules/qrcode/qrcode.routes.ts';
import { saudeRoutes } from './modules/saude/saude.routes.ts';
import { scoreRoutes } from './modules/score/score.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { shlRoutes } from './modules/shl/index.ts';
import { chatRoutes } from './modules/telemedicina/chat.routes.ts';
import { telemedicinaRoutes } from './modules/telemedicina/telemedicina.routes.ts';
import { telemedicinaUnread } from './modules/telemedicina/telemedicina.service.ts';
import { timelineRoutes } from './modules/timeline/timeline.routes.ts';
import { registerOverloadShedding } from './platform/overload.ts';
import { registerRateLimits } from './platform/rate-limit.ts';
import { LocalCounters, redisCounters } from './platform/rate-limit-counters.ts';
import {
  closeRedis,
  createFailFastRedis,
  FAIL_FAST_REDIS_OPTIONS,
  readyOrTimeout,
} from './platform/redis.ts';
import { securityHeaders } from './security-headers.ts';
import { compiledSerializerCompiler } from './serializer.ts';
import { registerWebApp } from './web-app.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, as `onRoute` saw it (the authorisation matrix and the fuzz suite walk it). */
    readonly routeTable: readonly RouteOptions[];
    /**
     * Redis as the rate limiter sees it: `up`, `down` (an outage: counters in
     * this process) or `null` without `REDIS_URL` (docs/resilience.md "Health").
     */
    redisState(): Promise<'up' | 'down' | null>;
  }
  interface FastifyContextConfig {
    /**
     * Reads a file part of this route's multipart body while it streams (to
     * cap sizes by type, keep the file's name…); what it answers becomes the
     * field's value in `request.body` (`undefined`: the part is dropped).
     * Routes without it receive each file as a Buffer.
     */
    multipartFile?: (part: MultipartFile) => Promise<unknown>;
  }
}

// Personal codes and avatar keys open a patient's emergency data, and e-mail verification
// tokens an account: keep them out of logs.
/**
 * The request URL as logged: personal codes, avatar keys, every token
 * (e-mail verification, password reset, invitations) and the signatures of
 * file URLs (timeline, chat, professional documents) masked, and the query
 * string (which may carry an e-mail) dropped.
 */
export function redactUrl(url: string): string {
  return (
    url
      .replace(/[?#].*$/, '')
      .replace(
        /\/(register\/invitation|registerCompany|register|code|virgins|avatars|verify|reset)\/[^/]+/g,
        '/$1/***',
      )
      // A timeline search term is health data, a code a capability, a signature a key to a file.
      .replace(/\/timeline\/(items\/[^/]+|user|anexo\/[^/]+\/[^/]+)\/[^/]+/g, '/timeline/$1/***')
      .replace(/\/(telemedicina\/mensagem\/[^/]+\/arquivo\/[^/]+)\/[^/]+/g, '/$1/***')
      .replace(/\/(profissional\/documento\/[^/]+\/[^/]+)\/[^/]+/g, '/$1/***')
  );
}

/**
 * Builds the Fastify app (API, OpenAPI docs and the built SPA) without
 * listening; `main.ts` listens, tests call `app.inject()`.
 */
export async function buildApp(given: AppContext): Promise<FastifyInstance> {
  const { config } = given;
  // docs/operations-and-faults.md "Metrics": the mailer and the push sender counted.
  const { ctx, metrics } = instrumented(given);
  setBrazilianZodMessages();
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: {
        req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
      },
    },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: config.trustProxy,
    bodyLimit: MAX_BODY_BYTES,
    // A malformed or too long address answers through the error handler too (pt-BR, not Fastify's text).
    frameworkErrors: (error, request, reply) => errorHandler(error, request, reply),
    // A path parameter may be a percent-encoded search term of 100 characters (4-byte UTF-8: 12 each).
    routerOptions: { maxParamLength: 1200 },
  }).withTypeProvider<ZodTypeProvider>();
  // Every route declares who may call it; the app refuses to start otherwise (access.ts).
  const routeTable: RouteOptions[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    checkRouteAccess(route);
    routeTable.push(route);
  });
  // First of the hooks: a shed request costs no Redis round trip, no session lookup, no database queue.
  await registerOverloadShedding(app, config.overload, () => ctx.database.queueDelayMs());

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler({ checkWithZod: config.env !== 'production' }));
  app.decorate('ctx', ctx);
  app.decorate('metrics', metrics);
  app.decorate('draining', false);
  await registerMetrics(app, metrics, config);
  app.decorateRequest('actor', null);
  // Socket.IO answers its own path on the same HTTP server
  // (docs/architecture.md "Realtime and jobs across nodes").
  ctx.realtime.attach(app.server, app.log);
  app.addHook('preClose', async () => {
    await ctx.realtime.close();
  });

  // Stripe Elements (stripe mode only) loads Stripe.js, frames the card fields and 3-D Secure, and calls
  // Stripe's API from the browser, so card numbers never reach Pulso (Stripe's documented CSP).
  const stripe = config.payments.provider === 'stripe';
  securityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(stripe ? ['https://js.stripe.com'] : [])],
        frameSrc: ["'self'", ...(stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : [])],
        // The SPA injects no <style>: Mantine's theme CSS is built at build time (apps/web/README.md).
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...(stripe ? ['https://api.stripe.com'] : [])],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    permittedCrossDomainPolicies: { permittedPolicies: 'none' },
  });

  // With REDIS_URL the counters are shared by every API node; while Redis is unreachable each node counts
  // on its own and keeps serving (docs/resilience.md "Redis down").
  const redis = config.redisUrl ? createFailFastRedis(config.redisUrl, 'rate-limit', app.log) : null;
  const counters = redis ? redisCounters(redis, app.log) : new LocalCounters();
  if (redis) {
    // Counting in Redis from the first request when it is up; starting anyway (in process) when it is not.
    app.addHook('onReady', () => readyOrTimeout(redis, FAIL_FAST_REDIS_OPTIONS.connectTimeout));
    app.addHook('onClose', async () => {
      await closeRedis(redis);
    });
  }
  app.decorate('redisState', () => counters.redisState());
  await registerRateLimits(app, { config, counters });
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 30 },
    async onFile(part) {
      const read = this.routeOptions.config.multipartFile;
      if (read) part.value = await read(part);
      else await part.toBuffer();
    },
  });
  // The text rule over every body, query and path parameter, after multipart filled the body.
  app.addHook('preValidation', cleanRequestText);
  // Every answer's own headers, in one hook without a promise (the scan's path counts them). A
  // multipart request answered before its upload was read to the end (a refused file, a guest)
  // closes its connection: the unread rest would stall the next request sent on it.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    // The reader needs the camera of this origin only; the public page, the viewer's location on their tap
    // (docs/code-alerts.md "Where").
    reply.header('permissions-policy', 'camera=(self), microphone=(), geolocation=(self)');
    if (!request.raw.complete && request.headers['content-type']?.startsWith('multipart/')) {
      reply.header('connection', 'close');
    }
    done(null, payload);
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Pulso API', version: '0.1.0', description: 'API do Pulso. Erros em pt-BR.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.setErrorHandler(errorHandler);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes, { unread: telemedicinaUnread });
      await api.register(homeRoutes);
      await api.register(cidadesRoutes);
      await api.register(qrcodeRoutes);
      await api.register(cartaoRoutes);
      await api.register(codeRoutes);
      await api.register(accountRoutes);
      await api.register(conteudoRoutes);
      await api.register(settingsRoutes);
      await api.register(exportacaoRoutes);
      await api.register(devicesRoutes);
      await api.register(empresasRoutes);
      await api.register(saudeRoutes);
      await api.register(permissoesRoutes);
      await api.register(fhirRoutes);
      await api.register(shlRoutes);
      await api.register(medicosRoutes);
      await api.register(timelineRoutes);
      await api.register(clinicasRoutes);
      await api.register(telemedicinaRoutes);
      await api.register(chatRoutes);
      await api.register(medicoRoutes);
      await api.register(scoreRoutes);
      await api.register(indicadoresRoutes);
      await api.register(profissionalRoutes);
      await api.register(pagamentosRoutes);
      await api.register(planosRoutes);
      await api.register(stripeWebhookRoutes, {
        billing: { events: BILLING_EVENTS, handle: handleBillingEvent },
      });
      await api.register(pedidosRoutes);
      await api.register(adminRoutes);
    },
    { prefix: '/api' },
  );
  if (config.env !== 'production') await app.register(devmailRoutes, { prefix: '/dev' });

  await registerWebApp(app, config.webDist);

  return app;
}
