// @ts-check
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureBuilt, ROOT } from './build.mjs';
import { serverEnv, serverNodeFlags } from './node-flags.mjs';

/** The built programs this script runs, with the builds each needs. */
const PROGRAMS = /** @type {const} */ ({
  main: ['web', 'server'],
  'admin-create': ['server'],
  'company-create': ['server'],
  'medico-create': ['server'],
  'storage-migrate': ['server'],
  backup: ['server'],
  restore: ['server'],
});

/**
 * `npm start` (`node scripts/start.mjs`) and the server's command-line tools
 * (`node scripts/start.mjs admin-create --email …`): builds the web app and the server when their output is
 * missing or out of date (scripts/build.mjs), then runs the compiled program, `apps/server/dist/<name>.js`,
 * with the flags and environment of scripts/node-flags.mjs and the remaining arguments. SIGINT, SIGTERM and
 * SIGHUP are passed on to it, and its exit code (or the signal that ended it) becomes this process's.
 */
async function start() {
  const [first, ...rest] = process.argv.slice(2);
  const name = first ?? 'main';
  if (!Object.hasOwn(PROGRAMS, name)) {
    console.error(`Unknown program: ${name} (${Object.keys(PROGRAMS).join(', ')})`);
    process.exit(2);
  }
  const program = /** @type {keyof typeof PROGRAMS} */ (name);
  await ensureBuilt([...PROGRAMS[program]]);
  const file = path.join(ROOT, 'apps/server/dist', `${program}.js`);
  const child = spawn(process.execPath, [...serverNodeFlags(process.env), file, ...rest], {
    stdio: 'inherit',
    env: { ...process.env, ...serverEnv(process.env) },
  });
  const signals = /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP']);
  const forward = (/** @type {NodeJS.Signals} */ signal) => child.kill(signal);
  for (const signal of signals) process.on(signal, forward);
  child.on('error', (error) => {
    console.error(`Could not run ${file}: ${error.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    for (const s of signals) process.off(s, forward);
    if (signal) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
}

await start();
