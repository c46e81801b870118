import type { AdminCapability } from '@pulso/domain';
import type { RouteOptions } from 'fastify';

/**
 * Who may call a route: every route declares it in `config.access`
 * (docs/authorization.md). The app refuses to start with a route that has no
 * declaration or whose guard hooks do not match it, and the authorisation
 * matrix (`access.matrix.test.ts`) calls every route as each kind of caller
 * and checks the declared answer.
 *
 * - `public`: anyone, signed in or not (what a viewer sees may still depend
 *   on who they are, as on the code view).
 * - `capability`: the URL holds the secret (a signed file link, an avatar's
 *   random name); a made-up one is refused whoever calls.
 * - `webhook`: the payment provider, proven by its signature.
 * - `dev`: the development outbox (loopback only, never in production).
 * - `self`: any signed-in account, acting on its own data only.
 * - `owner`: a signed-in account on a record named in the request that must
 *   be its own; anyone else gets 403/404.
 * - `session`: a care session's patient or its doctor; anyone else 404.
 * - `session-doctor`: a care session's doctor only.
 * - `doctor`: doctor accounts (the doctor area); other accounts 403.
 * - `staff:<capability>`: staff whose role has that capability
 *   (`staffCan`); other accounts 403.
 */
export type RouteAccess =
  | 'public'
  | 'capability'
  | 'webhook'
  | 'dev'
  | 'self'
  | 'owner'
  | 'session'
  | 'session-doctor'
  | 'doctor'
  | `staff:${AdminCapability}`;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route (see {@link RouteAccess}); required on every route. */
    access?: RouteAccess;
  }
}

/** Marks a guard hook: `user` needs a live session, `staff` also a staff capability. */
const GUARD = Symbol('pulso.guard');

type Guarded = { [GUARD]?: { kind: 'user' } | { kind: 'staff'; capability: AdminCapability } };

/** Tags `hook` as the sign-in guard (`requireUser`). */
export function userGuard<T extends object>(hook: T): T {
  return Object.assign(hook, { [GUARD]: { kind: 'user' } as const });
}

/** Tags `hook` as the staff guard of `capability` (`requireStaff`). */
export function staffGuard<T extends object>(hook: T, capability: AdminCapability): T {
  return Object.assign(hook, { [GUARD]: { kind: 'staff', capability } as const });
}

/** Routes registered by the OpenAPI plugin (documents and UI): public. */
const DOCS_PREFIX = '/api/docs';
/** @fastify/static's one route for the built web app's files (app.ts): public. */
const WEB_FILES_ROUTE = '/*';

function guardsOf(route: RouteOptions) {
  const hooks = [route.onRequest, route.preHandler].flat().filter(Boolean) as Guarded[];
  return hooks.map((h) => h[GUARD]).filter((g) => g !== undefined);
}

/**
 * `onRoute` hook: fills in `public` for the OpenAPI plugin's routes and the
 * built SPA's files, then throws when a
 * route has no `config.access`, when a signed-in kind lacks the sign-in
 * guard, when `staff:<capability>` lacks `requireStaff(<capability>)`, or
 * when a public kind carries a guard that would refuse guests.
 */
export function checkRouteAccess(route: RouteOptions): void {
  const url = route.url;
  const where = `${[route.method].flat().join(',')} ${url}`;
  route.config ??= {};
  const config = route.config as { access?: RouteAccess };
  // The OpenAPI plugin's routes and @fastify/static's.
  if (!config.access && (url.startsWith(DOCS_PREFIX) || url === WEB_FILES_ROUTE)) config.access = 'public';
  const access = config.access;
  if (!access) {
    throw new Error(`${where}: declare who may call it in config.access (docs/authorization.md)`);
  }
  const guards = guardsOf(route);
  if (access.startsWith('staff:')) {
    const capability = access.slice('staff:'.length);
    if (!guards.some((g) => g.kind === 'staff' && g.capability === capability)) {
      throw new Error(`${where}: access ${access} needs onRequest requireStaff('${capability}')`);
    }
    return;
  }
  const signedIn = ['self', 'owner', 'session', 'session-doctor', 'doctor'].includes(access);
  if (signedIn && guards.length === 0) {
    throw new Error(`${where}: access ${access} needs the requireUser guard`);
  }
  if (!signedIn && guards.length > 0) {
    throw new Error(`${where}: access ${access} must not refuse guests (it has a sign-in guard)`);
  }
}
