import { Redis } from 'ioredis';

/**
 * Whether Redis at `url` answers PING (connecting, then answering, each within `timeoutMs`) on a connection
 * opened for the check: it reflects Redis as it is now, and leaves no reconnecting client behind.
 */
export async function redisAnswers(url: string, timeoutMs: number): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}
