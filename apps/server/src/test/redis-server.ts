import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';

/** A free TCP port on 127.0.0.1 (the kernel's pick, released at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A private `redis-server` on 127.0.0.1:`port`, for the tests in which Redis
 * must die and come back: never the shared one on 6379. No persistence; a
 * failed run must not leave it behind (killed when this process exits).
 */
export interface PrivateRedis {
  port: number;
  url: string;
  /** Starts it (again), and waits until it answers PING. */
  start(): Promise<void>;
  /** Kills it (SIGKILL: an outage, not a maintenance) and waits for the exit. */
  stop(): Promise<void>;
  /** Freezes it (SIGSTOP): connections stay open and nothing answers, as on a hung host. */
  pause(): void;
  /** Lets a frozen server run again (SIGCONT). */
  resume(): void;
  /** A client of this server, for assertions (close it yourself). */
  client(): Redis;
}

/** A {@link PrivateRedis} on a free port, not yet started. */
export async function privateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const kill = () => child?.kill('SIGKILL');
  process.once('exit', kill);
  const ping = async () => {
    const probe = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0 });
    probe.on('error', () => {});
    try {
      await probe.connect();
      return (await probe.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      probe.disconnect();
    }
  };
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      if (child) throw new Error('already running');
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      const deadline = Date.now() + 10_000;
      while (!(await ping())) {
        if (child.exitCode !== null) throw new Error(`redis-server on ${port} exited with ${child.exitCode}`);
        if (Date.now() > deadline) throw new Error(`redis-server on ${port} did not answer in 10 s`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async stop() {
      const running = child;
      if (!running) return;
      child = null;
      if (running.exitCode === null && running.signalCode === null) {
        const exited = new Promise((resolve) => running.once('exit', resolve));
        running.kill('SIGKILL');
        await exited;
      }
    },
    pause() {
      child?.kill('SIGSTOP');
    },
    resume() {
      child?.kill('SIGCONT');
    },
    client() {
      return new Redis({ port, host: '127.0.0.1', maxRetriesPerRequest: 1 });
    },
  };
}
