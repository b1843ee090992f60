import { randomBytes } from 'node:crypto';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from '@jest/globals';
import { freePort, waitUntil } from '#folio/testing';
import {
  MemoryRateLimitStorage,
  type RateLimitStorage,
  RedisRateLimitStorage,
} from './rate-limit.storage.js';

const minute = 60_000;
const redisUrl = process.env.REDIS_URL;
const itWithRedis = redisUrl ? it : it.skip;

describe(RedisRateLimitStorage.name, () => {
  const opened: RedisRateLimitStorage[] = [];
  const open = async (url: string) => {
    const storage = await RedisRateLimitStorage.connect(url);
    opened.push(storage);
    return storage;
  };
  afterEach(() => opened.splice(0).forEach((storage) => storage.onApplicationShutdown()));

  const hit = (storage: RateLimitStorage, key: string) => storage.increment(key, minute, 2, minute, 'ip');

  it('counts in this process, quickly, while Redis does not answer', async () => {
    const storage = await open(`redis://127.0.0.1:${await freePort()}`);
    const started = Date.now();
    expect((await hit(storage, 'k')).isBlocked).toBe(false);
    expect((await hit(storage, 'k')).isBlocked).toBe(false);
    expect(await hit(storage, 'k')).toMatchObject({ isBlocked: true, timeToBlockExpire: 60 });
    expect(Date.now() - started).toBeLessThan(500);
  });

  itWithRedis('goes back to Redis once it answers again (REDIS_URL)', async () => {
    const redis = new URL(redisUrl!);
    const port = await freePort();
    // A TCP relay to Redis that the test can cut, as a Redis restart would.
    const sockets = new Set<Socket>();
    const relay = (): Promise<Server> =>
      new Promise((resolve) => {
        const server = createServer((client) => {
          const upstream = connect(Number(redis.port || 6379), redis.hostname);
          for (const socket of [client, upstream]) {
            sockets.add(socket);
            socket.on('error', () => {});
            socket.on('close', () => sockets.delete(socket));
          }
          client.pipe(upstream).pipe(client);
        });
        server.listen(port, '127.0.0.1', () => resolve(server));
      });
    const cut = (server: Server) => {
      const closed = new Promise((resolve) => server.close(resolve));
      sockets.forEach((socket) => socket.destroy());
      return closed;
    };
    const before = await relay();
    const storage = await open(`redis://127.0.0.1:${port}`);
    const key = `folio-test-${randomBytes(6).toString('hex')}:rate-limit:k`;
    expect((await hit(storage, key)).totalHits).toBe(1);

    await cut(before);
    expect((await hit(storage, key)).totalHits).toBe(1); // counted in memory meanwhile

    const after = await relay();
    await waitUntil(
      'the storage to count in Redis again',
      async () => (await hit(storage, key)).totalHits > 1,
    );
    await cut(after);
  });

  /** blockedFor says a key is blocked once its hits went past the limit, without counting a hit itself. */
  async function expectBlockedAfterLimit(storage: RateLimitStorage, key: string) {
    expect(await storage.blockedFor(key, 'ip')).toBe(0);
    await hit(storage, key);
    await hit(storage, key);
    expect(await storage.blockedFor(key, 'ip')).toBe(0);
    expect((await hit(storage, key)).isBlocked).toBe(true);
    expect(await storage.blockedFor(key, 'ip')).toBe(60);
  }

  it('tells how long a key stays blocked, in memory', async () => {
    const storage = new MemoryRateLimitStorage();
    await expectBlockedAfterLimit(storage, 'k');
    storage.onApplicationShutdown();
  });

  itWithRedis('tells how long a key stays blocked, in Redis (REDIS_URL)', async () => {
    await expectBlockedAfterLimit(await open(redisUrl!), `folio-test-${randomBytes(6).toString('hex')}:k`);
  });

  itWithRedis('shares the counters of every instance through Redis (REDIS_URL)', async () => {
    const [first, second] = [await open(redisUrl!), await open(redisUrl!)];
    const key = `folio-test-${randomBytes(6).toString('hex')}:rate-limit:k`;
    expect((await hit(first, key)).totalHits).toBe(1);
    expect((await hit(second, key)).totalHits).toBe(2);
    expect((await hit(first, key)).isBlocked).toBe(true);
  });
});
