// @ts-check
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The repository root. */
export const ROOT = path.resolve(import.meta.dirname, '..');

/** The file in a build's output folder that holds the hash of the inputs it was built from. */
export const STAMP_FILE = '.build-stamp';

/**
 * One build: its output folder and its inputs (files or folders), relative to the root, and the command that
 * makes it.
 * @typedef {{ dist: string, inputs: string[], command: string[] }} BuildTarget
 */

/** What both builds read besides their own sources. */
const SHARED_INPUTS = [
  'package-lock.json',
  'tsconfig.base.json',
  'packages/domain/src',
  'packages/domain/package.json',
  'packages/code-page/src',
  'packages/code-page/package.json',
];

/**
 * The two builds `npm start` needs (README.md "Running"): the web app (Vite, into apps/web/dist) and the
 * server (esbuild, into apps/server/dist; apps/server/build.mjs).
 * @type {Record<'web' | 'server', BuildTarget>}
 */
export const TARGETS = {
  web: {
    dist: 'apps/web/dist',
    inputs: [
      ...SHARED_INPUTS,
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/package.json',
      'apps/web/tsconfig.json',
      'apps/web/postcss.config.cjs',
      'apps/web/vite.config.ts',
      'apps/web/vite.code-page.config.ts',
      'apps/web/vite-precompress.ts',
    ],
    command: ['npm', 'run', 'build', '--workspace', '@pulso/web'],
  },
  server: {
    dist: 'apps/server/dist',
    inputs: [
      ...SHARED_INPUTS,
      'apps/server/src',
      'apps/server/package.json',
      'apps/server/tsconfig.json',
      'apps/server/build.mjs',
    ],
    command: [process.execPath, 'apps/server/build.mjs'],
  },
};

/** Test files are no input of a build: changing one rebuilds nothing. */
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;

/**
 * The files under `input` (a file or a folder, relative to `root`), relative to `root` with `/` separators,
 * test files and node_modules left out; none when it does not exist.
 * @param {string} root
 * @param {string} input
 * @returns {string[]}
 */
function filesOf(root, input) {
  const full = path.join(root, input);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [input];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !TEST_FILE.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !file.split('/').includes('node_modules'));
}

/**
 * The SHA-256 (hex) of a build's inputs: every file's path and content, in path order, so that an edit, an
 * added, removed or renamed file changes it, and a touched but unchanged file does not.
 * @param {string} root folder the inputs are relative to
 * @param {string[]} inputs files or folders
 * @returns {string}
 */
export function inputsHash(root, inputs) {
  const files = [...new Set(inputs.flatMap((input) => filesOf(root, input)))].sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/**
 * Whether `target`'s output is current: its stamp file holds the hash of its inputs as they are now. A missing
 * output folder or stamp (never built, a build that failed half-way, a build made by hand) is not current.
 * @param {string} root
 * @param {Pick<BuildTarget, 'dist' | 'inputs'>} target
 * @returns {{ current: boolean, hash: string }}
 */
export function buildState(root, target) {
  const hash = inputsHash(root, target.inputs);
  const stamp = path.join(root, target.dist, STAMP_FILE);
  return { current: existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === hash, hash };
}

/**
 * Records that `target`'s output was built from inputs hashing to `hash`.
 * @param {string} root
 * @param {Pick<BuildTarget, 'dist'>} target
 * @param {string} hash
 */
export function writeStamp(root, target, hash) {
  writeFileSync(path.join(root, target.dist, STAMP_FILE), `${hash}\n`);
}

/**
 * Runs `command` from the root with the terminal's output; rejects when it fails.
 * @param {string[]} command
 * @returns {Promise<void>}
 */
function run([file, ...args]) {
  return new Promise((resolve, reject) => {
    if (!file) return reject(new Error('empty command'));
    const child = spawn(file, args, { cwd: ROOT, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${[file, ...args].join(' ')} failed (${signal ?? code})`)),
    );
  });
}

/**
 * Builds each of `names` whose output is missing or older than its inputs (every one with `force`), then
 * stamps it with the hash taken before building: an input edited during the build makes the next call build
 * again. Progress goes to stderr, so a command-line tool's stdout stays its own.
 * @param {('web' | 'server')[]} names
 * @param {{ force?: boolean }} [options]
 * @returns {Promise<void>} rejects when a build fails (its output then has no stamp)
 */
export async function ensureBuilt(names, { force = false } = {}) {
  for (const name of names) {
    const target = TARGETS[name];
    const { current, hash } = buildState(ROOT, target);
    if (current && !force) continue;
    console.error(`Building ${name} (${target.dist}): ${current ? 'forced' : 'missing or out of date'}…`);
    await run(target.command);
    writeStamp(ROOT, target, hash);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // `node scripts/build.mjs [--force] [web] [server]` (root `npm run build`): both when none is named.
  const args = process.argv.slice(2);
  const names = args.filter((a) => a !== '--force');
  const unknown = names.filter((n) => !Object.hasOwn(TARGETS, n));
  if (unknown.length > 0) {
    console.error(`Unknown build: ${unknown.join(', ')} (web, server)`);
    process.exit(2);
  }
  await ensureBuilt(/** @type {('web' | 'server')[]} */ (names.length > 0 ? names : Object.keys(TARGETS)), {
    force: args.includes('--force'),
  });
}
