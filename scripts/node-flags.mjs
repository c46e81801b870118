// @ts-check

/**
 * The Node flags the server runs with under `npm start` (scripts/start.mjs; also the benchmarks' PGlite server):
 *
 * - `--enable-source-maps`: stack traces name the TypeScript sources (the maps hold no copy of them).
 * - With the embedded database (no `DATABASE_URL`), a small JavaScript heap: semi-spaces of 2 MB instead of V8's
 *   16 MB (`--max-semi-space-size=2`) and an old generation of at most 256 MB (`--max-old-space-size=256`, about
 *   three times what the server holds live under load), so that V8 collects instead of growing: about 60 MB less
 *   resident, idle and at peak, for a fifth of PGlite's scans a second
 *   (docs/performance.md "The embedded database's memory"). Either flag in `NODE_OPTIONS` is left to win.
 *   With PostgreSQL, V8's defaults: the node is sized for throughput there.
 * @param {NodeJS.ProcessEnv} env
 * @returns {string[]}
 */
export function serverNodeFlags(env) {
  const flags = ['--enable-source-maps'];
  if (env.DATABASE_URL) return flags;
  const options = env.NODE_OPTIONS ?? '';
  if (!options.includes('--max-semi-space-size')) flags.push('--max-semi-space-size=2');
  if (!options.includes('--max-old-space-size')) flags.push('--max-old-space-size=256');
  return flags;
}

/**
 * Environment variables the server gets besides the caller's, under `npm start` (scripts/start.mjs; also the
 * benchmarks' PGlite server). With the embedded database, glibc's malloc gives each block of 32 KiB or more a
 * mapping of its own, returned to the system when freed (`MALLOC_MMAP_THRESHOLD_=32768`). V8 compiles PGlite's
 * WebAssembly on its worker threads in blocks of that size; freed, they stayed in those threads' malloc arenas,
 * 60 MB resident that no request used again. The price is paid at start, when those compilations are many: about
 * 2.5 s more to healthy on this project's 2-core machines (docs/performance.md "The embedded database's memory").
 * A value the caller set is left to win; other C libraries ignore the variable.
 * @param {NodeJS.ProcessEnv} env
 * @returns {Record<string, string>}
 */
export function serverEnv(env) {
  if (env.DATABASE_URL || env.MALLOC_MMAP_THRESHOLD_ !== undefined) return {};
  return { MALLOC_MMAP_THRESHOLD_: '32768' };
}
