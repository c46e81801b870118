// @ts-check
import { execFileSync } from 'node:child_process';
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const SERVER_DIR = import.meta.dirname;

/** Where `npm start` runs the server from (scripts/start.mjs). */
export const SERVER_DIST = path.join(SERVER_DIR, 'dist');

/**
 * The build's entry points, `dist/<name>.js` each: the server, the command-line tools, and the module that
 * makes the embedded database's template (src/db-template.ts; run once at the end of the build).
 */
export const SERVER_ENTRIES = {
  main: 'src/main.ts',
  'admin-create': 'src/cli/admin-create.ts',
  'company-create': 'src/cli/company-create.ts',
  'medico-create': 'src/cli/medico-create.ts',
  'storage-migrate': 'src/cli/storage-migrate.ts',
  backup: 'src/cli/backup.ts',
  restore: 'src/cli/restore.ts',
  'db-template': 'src/db-template.ts',
};

/**
 * Files the sources read from disk beside themselves (`import.meta.url`), copied to where that URL points in
 * the bundle: every module's code lands in a file directly under the output folder, so a lookup of
 * `new URL('x', import.meta.url)` finds `<outdir>/x`. Source (relative to apps/server) → place in the output.
 * @type {[from: string, to: string][]}
 */
const RUNTIME_FILES = [
  ['src/db/migrations', 'migrations'], // db/client.ts: the SQL migrations and meta/_journal.json
  ['src/seed/data', 'data'], // seed/seed.ts: municipalities and specialties
  ['src/seed/conteudo/termos.html', 'termos.html'], // seed/conteudo/index.ts: SEEDED_CONTENT_PAGES
  ['src/seed/conteudo/politica.html', 'politica.html'],
  ['../../packages/code-page/src/styles.css', 'styles.css'], // @pulso/code-page server.tsx: CODE_PAGE_CSS
];

/**
 * Leaves every npm package to Node at run time (native modules such as sharp and @node-rs/argon2, PGlite's
 * WASM and data files load from node_modules), but bundles the workspace packages (`@pulso/*`), whose
 * exports are TypeScript sources.
 * @type {esbuild.Plugin}
 */
const externalDependencies = {
  name: 'external-dependencies',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@pulso/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Builds the server ahead of time (apps/server/README.md "Build"): empties `outdir`, bundles
 * {@link SERVER_ENTRIES} into it as ES modules for Node 20 with source maps (shared code in chunks beside
 * them), copies {@link RUNTIME_FILES}, then makes `<outdir>/db-template` with the built code in a process of
 * its own (src/db-template.ts: what a fresh embedded `DATA_DIR` starts from). `outdir` must sit two levels
 * below the repository root, as `dist` does, so that the defaults of src/config.ts (REPO_ROOT) and the
 * packages in node_modules are found from it.
 * @param {string} [outdir] absolute path, {@link SERVER_DIST} by default
 * @returns {Promise<void>} rejects when a source does not build (esbuild printed why) or the template fails
 */
export async function buildServer(outdir = SERVER_DIST) {
  await rm(outdir, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: SERVER_DIR,
    entryPoints: SERVER_ENTRIES,
    outdir,
    bundle: true,
    splitting: true,
    chunkNames: 'chunk-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    sourcesContent: false,
    plugins: [externalDependencies],
    logLevel: 'warning',
  });
  await Promise.all(
    RUNTIME_FILES.map(([from, to]) =>
      cp(path.join(SERVER_DIR, from), path.join(outdir, to), { recursive: true }),
    ),
  );
  const script = 'const [url, dir] = process.argv.slice(1); await (await import(url)).makeDbTemplate(dir);';
  execFileSync(
    process.execPath,
    [
      '--enable-source-maps',
      '--input-type=module',
      '--eval',
      script,
      pathToFileURL(path.join(outdir, 'db-template.js')).href,
      path.join(outdir, 'db-template'),
    ],
    { stdio: 'inherit' },
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await buildServer(process.argv[2] ? path.resolve(process.argv[2]) : SERVER_DIST);
}
