import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, inject } from 'vitest';
import type { CliCommand } from '../cli/cli-command.ts';
import { openDatabase } from '../db/client.ts';
import { TEST_ENGINE } from './harness.ts';
import type {} from './provided.ts';

/** What a command-line tool printed and its exit code. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The public origin the tools' printed links use in tests. */
export const CLI_ORIGIN = 'https://pulso.example';

/** The environment every run gets besides its own: the public origin, quiet logs. */
const BASE_ENV = { PUBLIC_ORIGIN: CLI_ORIGIN, LOG_LEVEL: 'warn' };

const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

/**
 * Runs the tool `file` from its sources (`node --import tsx`; its npm script runs it compiled), as
 * its own process with only `env` (and PATH): what proves the entry point,
 * the exit code and the output. A process costs seconds on the CI machines;
 * the rest of a tool's behaviour is tested through {@link runInProcess}.
 */
export function spawnCli(file: string, args: string[], env: Record<string, string>): Promise<CliRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], {
    env: { PATH: process.env.PATH ?? '', ...BASE_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d) => {
    stdout += d;
  });
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

/** Runs the tool's `command` in this process with only `env`, its lines joined as a process prints them. */
export async function runInProcess(
  command: CliCommand,
  args: string[],
  env: Record<string, string>,
): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await command(
    args,
    { ...BASE_ENV, ...env },
    (line) => out.push(line),
    (line) => err.push(line),
  );
  const text = (lines: string[]) => lines.map((line) => `${line}\n`).join('');
  return { code, stdout: text(out), stderr: text(err) };
}

/**
 * Makes `dataDir` one the server has already used: on PGlite, `dataDir/db`
 * becomes a copy of the migrated, seeded image of test/global-setup.ts, so
 * the tool migrates nothing (migrating a fresh PGlite takes most of a run on
 * the CI machines; each tool's file keeps one test on a fresh DATA_DIR). On
 * PostgreSQL the harness's database is already migrated: nothing to do.
 */
export async function useDataDir(dataDir: string): Promise<void> {
  if (TEST_ENGINE !== 'pglite') return;
  const database = await openDatabase({
    pgliteDir: path.join(dataDir, 'db'),
    pgliteImage: new Blob([await readFile(inject('pgliteImage'))]),
  });
  await database.close();
}
