import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the stand-in Stripe API received, its form-encoded params decoded. */
export interface FakeStripeRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
}

/** One queued answer: status (200 by default), JSON body, extra headers. */
export interface FakeStripeAnswer {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** A running stand-in: where it listens, what it saw, and its answer queue. */
export interface FakeStripe {
  port: number;
  seen: FakeStripeRequest[];
  /** Queues answers, used in order; an empty queue answers 500 `api_error`. */
  answer(...answers: FakeStripeAnswer[]): void;
  /** Forgets the requests seen and the answers left. */
  reset(): void;
  close(): Promise<void>;
}

/**
 * A local HTTP server standing in for the Stripe API (issue 8 "Proof": the
 * adapter is tested through the SDK's `host`, `port` and `protocol`
 * settings), on 127.0.0.1 at a random port.
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const seen: FakeStripeRequest[] = [];
  const queue: FakeStripeAnswer[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      seen.push({
        method: req.method ?? '',
        path: url.pathname,
        headers: req.headers,
        // GET and DELETE carry their params in the query string, POST in the body.
        form: new URLSearchParams(raw || url.search),
      });
      const next = queue.shift() ?? { status: 500, body: { error: { type: 'api_error' } } };
      res.writeHead(next.status ?? 200, {
        'content-type': 'application/json',
        'request-id': `req_${seen.length}`,
        ...next.headers,
      });
      res.end(JSON.stringify(next.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    seen,
    answer: (...answers) => {
      queue.push(...answers);
    },
    reset: () => {
      seen.length = 0;
      queue.length = 0;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
