import { type ChildProcess, spawn } from 'node:child_process';

/** A child process started by {@link spawnCollecting}: its exit, and everything it printed so far. */
export interface CollectedChild {
  child: ChildProcess;
  /** Resolves with the exit code (`null` when a signal ended it). */
  exited: Promise<number | null>;
  /** stdout and stderr, interleaved as they arrived. */
  output: () => string;
}

/**
 * Spawns `command args` with exactly `env` (the caller adds PATH and the rest), stdin closed, collecting
 * stdout and stderr: the servers and tools the process tests start (main.test.ts, build.pglite.test.ts,
 * cluster.ts).
 */
export function spawnCollecting(
  command: string,
  args: string[],
  options: { env: Record<string, string>; cwd?: string },
): CollectedChild {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}
