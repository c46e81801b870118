import { readFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';

/** What the chat benchmark (bench/chat.ts) measures with: posts over a bounded pool, process usage, percentiles. */

/** CPU milliseconds (user + system) and RSS MiB of a process, from /proc (Linux). */
export async function processUsage(
  pid: number | undefined,
): Promise<{ cpuMs: number; rssMiB: number } | null> {
  if (pid === undefined) return null;
  try {
    const stat = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]?.split(' ') ?? [];
    // Fields 14 and 15 (utime, stime) in clock ticks, here at index 11 and 12 after the command.
    const ticks = Number(stat[11]) + Number(stat[12]);
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const rssKiB = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    // USER_HZ is 100 on Linux.
    return { cpuMs: ticks * 10, rssMiB: rssKiB / 1024 };
  } catch {
    return null;
  }
}

/**
 * At most this many POSTs in flight per node, over kept-alive connections, as
 * a load balancer's connection pool would send them: past the servers'
 * capacity the rest wait here (their wait counts in the latency, measured from
 * the moment each message was due) instead of opening thousands of sockets.
 */
const CONNECTIONS_PER_NODE = 64;
export const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS_PER_NODE });

/** POSTs `body` as JSON with the bearer `token`; answers the status and the body's text. */
export function postJson(
  url: string,
  token: string,
  body: unknown,
): Promise<{ status: number; body: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          authorization: `Bearer ${token}`,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The `p`th percentile (0–100) of ascending `sorted` values; NaN when empty. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}
