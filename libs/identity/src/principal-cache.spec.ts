import { describe, expect, it, jest } from '@jest/globals';
import { type AppConfig } from '#folio/config';
import { type NotificationListener, type PrismaService } from '#folio/db';
import { PrincipalCache, type VerifiedKey } from './principal-cache.js';

// The cache alone, over a change channel this spec drives: when it answers from memory, and when it
// must read again because it might be stale.

function verifiedKey(keyId: string, userId = `user-${keyId}`): VerifiedKey {
  return {
    principal: {
      keyId,
      keyName: `key ${keyId}`,
      scopes: ['list:project'],
      source: 'manual',
      oauthClientId: null,
      actor: {
        userId,
        email: `${userId}@example.test`,
        name: userId,
        accountRoles: new Map(),
        teamRoles: new Map(),
        restrictedToAccountId: null,
        isOperator: false,
      },
    },
    lastUsedAt: null,
  };
}

function cacheOver(capacity = 10) {
  let channel: NotificationListener | undefined;
  const prisma = {
    listen: (_: string, listener: NotificationListener) => {
      channel = listener;
      return { close: async () => {} };
    },
  } as unknown as PrismaService;
  const cache = new PrincipalCache(prisma, { principalCacheSize: capacity } as AppConfig);
  cache.onApplicationBootstrap();
  let reads = 0;
  const verify = (keyId: string, userId?: string) =>
    cache.verify(`hash-${keyId}`, async () => {
      reads++;
      return verifiedKey(keyId, userId);
    });
  return { cache, channel: () => channel!, verify, reads: () => reads };
}

describe(PrincipalCache.name, () => {
  it('reads every key while its change channel is not subscribed yet', async () => {
    const { verify, reads } = cacheOver();
    await verify('a');
    await verify('a');
    expect(reads()).toBe(2);
  });

  it('answers from memory once subscribed, until a change names the key or its user', async () => {
    const { channel, verify, reads } = cacheOver();
    channel().subscribed();
    await verify('a', 'ada');
    await verify('a', 'ada');
    expect(reads()).toBe(1);
    channel().message('key:a');
    await verify('a', 'ada');
    expect(reads()).toBe(2);
    channel().message('user:ada');
    await verify('a', 'ada');
    expect(reads()).toBe(3);
    channel().message('user:someone-else');
    await verify('a', 'ada');
    expect(reads()).toBe(3);
  });

  it('empties and reads every key while the channel is lost, and starts empty when it is back', async () => {
    const { channel, verify, reads } = cacheOver();
    channel().subscribed();
    await verify('a');
    channel().lost(new Error('connection ended'));
    await verify('a');
    await verify('a');
    expect(reads()).toBe(3);
    channel().subscribed();
    await verify('a');
    await verify('a');
    expect(reads()).toBe(4);
  });

  it('keeps no read that a change overtook, since it may predate the change', async () => {
    const { cache, channel, reads, verify } = cacheOver();
    channel().subscribed();
    await cache.verify('hash-a', async () => {
      channel().message('key:a'); // committed while the read was under way
      return verifiedKey('a');
    });
    await verify('a');
    await verify('a');
    expect(reads()).toBe(1);
  });

  it('holds at most its capacity, dropping the least recently used key first', async () => {
    const { channel, verify, reads } = cacheOver(2);
    channel().subscribed();
    await verify('a');
    await verify('b');
    await verify('a'); // a is now more recent than b
    await verify('c'); // evicts b
    expect(reads()).toBe(3);
    await verify('a');
    await verify('c');
    expect(reads()).toBe(3);
    await verify('b');
    expect(reads()).toBe(4);
  });

  it('reads a key again once its entry is a minute old', async () => {
    jest.useFakeTimers({ now: Date.parse('2026-11-26T00:00:00Z') });
    try {
      const { channel, verify, reads } = cacheOver();
      channel().subscribed();
      await verify('a');
      jest.setSystemTime(Date.now() + 59_000);
      await verify('a');
      expect(reads()).toBe(1);
      jest.setSystemTime(Date.now() + 2_000);
      await verify('a');
      expect(reads()).toBe(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('holds nothing with a capacity of 0, and listens to nothing', async () => {
    const { channel, verify, reads } = cacheOver(0);
    expect(channel()).toBeUndefined();
    await verify('a');
    await verify('a');
    expect(reads()).toBe(2);
  });
});
