import { type Logger } from '@nestjs/common';
import { type RedisOptions } from 'bullmq';

/**
 * Reconnects at most 2 s apart however long Redis was away (BullMQ's default backs off to 20 s), so
 * queues work again soon after Redis is back.
 */
function reconnectDelayMs(attempt: number): number {
  return Math.min(attempt * 200, 2_000);
}

/** How long a producer's Redis command may take before it fails: a save never waits on a stuck Redis. */
const producerCommandTimeoutMs = 2_000;

/**
 * The producers' connection (the queues jobs are added to): while Redis is away, commands fail at once
 * instead of waiting in ioredis's offline queue, so a request never hangs on Redis; the work stays owed
 * in the database and the outstanding-work sweep queues it later.
 */
export function producerConnection(url: string): RedisOptions {
  return {
    url,
    enableOfflineQueue: false,
    commandTimeout: producerCommandTimeoutMs,
    retryStrategy: reconnectDelayMs,
  };
}

/** The workers' connections (blocking reads: BullMQ sets their own timeouts). */
export function workerConnection(url: string): RedisOptions {
  return { url, retryStrategy: reconnectDelayMs };
}

/** While Redis is away its clients error every few hundred ms: one log line per this long is enough. */
const errorLogIntervalMs = 30_000;

/** An `error` listener for Redis clients that logs at most one line per 30 s. */
export function throttledRedisErrors(logger: Logger, what: string): (error: Error) => void {
  let lastLoggedAt = 0;
  return (error) => {
    if (Date.now() - lastLoggedAt < errorLogIntervalMs) return;
    lastLoggedAt = Date.now();
    logger.warn(`Redis (${what}): ${error.message}`);
  };
}
