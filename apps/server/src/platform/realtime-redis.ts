import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { FAIL_FAST_REDIS_OPTIONS } from './redis.ts';

/**
 * Sets the Redis adapter on `io`: one connection publishes, a duplicate
 * subscribes (a subscribed connection can do nothing else). Both reconnect on
 * their own after a Redis outage; while it lasts events stay on their node
 * and `isOnline` sees only local sockets.
 */
export function connectAdapter(
  io: { adapter(adapter: ReturnType<typeof createAdapter>): unknown },
  redis: { url: string; key: string },
  requestTimeoutMs: number,
  log: { warn(obj: object, msg: string): void },
): { pub: Redis; sub: Redis } {
  // Named after the channel prefix, so that `CLIENT LIST` tells which deployment holds them.
  // The publishing connection fails fast (no offline queue, short timeouts): an event published during an
  // outage is dropped at once for the other nodes instead of piling up (docs/resilience.md "Redis down").
  const pub = new Redis(redis.url, { ...FAIL_FAST_REDIS_OPTIONS, connectionName: `${redis.key}:publish` });
  // The subscribing one queues its SUBSCRIBEs until Redis answers (also when the node starts during an
  // outage) and subscribes again after each reconnection.
  const sub = pub.duplicate({
    connectionName: `${redis.key}:subscribe`,
    enableOfflineQueue: true,
    commandTimeout: undefined,
    maxRetriesPerRequest: null,
  });
  for (const [role, client] of [
    ['publish', pub],
    ['subscribe', sub],
  ] as const) {
    let connectionReported = false;
    let commandReported = false;
    client.on('error', (error: Error) => {
      // Once per outage: ioredis retries every few hundred milliseconds.
      if (connectionReported) return;
      connectionReported = true;
      log.warn({ err: error, role }, 'realtime: Redis connection failed; retrying');
    });
    client.on('ready', () => {
      connectionReported = false;
      commandReported = false;
    });
    // The adapter sends most commands (publish, subscribe, unsubscribe) without awaiting them: one
    // that fails in an outage would be an unhandled rejection, which ends a Node process. Every
    // command's promise gets a handler here (callers that await it still see the failure). An event
    // published meanwhile is lost for the other nodes only: the local sockets had it.
    const send = client.sendCommand.bind(client);
    client.sendCommand = ((...args: Parameters<typeof send>) => {
      // ioredis answers the command's promise (typed `unknown`).
      const result = send(...args);
      if (result instanceof Promise) {
        result.catch((error: unknown) => {
          if (commandReported) return;
          commandReported = true;
          log.warn({ err: error, role, command: args[0].name }, 'realtime: Redis command failed');
        });
      }
      return result;
    }) as typeof client.sendCommand;
  }
  io.adapter(createAdapter(pub, sub, { key: redis.key, requestsTimeout: requestTimeoutMs }));
  return { pub, sub };
}
