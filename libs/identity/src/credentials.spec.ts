import { availableParallelism } from 'node:os';
import { describe, expect, it } from '@jest/globals';
import { RateLimitedError } from '#folio/errors';
import { hashApiKey, hashPassword, isWellFormedApiKey, newApiKey, verifyPassword } from './credentials.js';

describe(newApiKey.name, () => {
  it('makes distinct, well-formed keys whose stored form is only their sha-256', () => {
    const a = newApiKey('sk');
    const b = newApiKey('at');
    expect(a.text).toMatch(/^folio_sk_[A-Za-z0-9]{40}$/);
    expect(b.text).toMatch(/^folio_at_[A-Za-z0-9]{40}$/);
    expect(a.text).not.toBe(newApiKey('sk').text);
    expect(a.hash).toBe(hashApiKey(a.text));
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.hash).not.toContain(a.text.slice(9));
    expect(a.prefix).toBe(a.text.slice(0, 13));
    expect(isWellFormedApiKey(a.text)).toBe(true);
    expect(isWellFormedApiKey(`${a.text}x`)).toBe(false);
    expect(isWellFormedApiKey('folio_xx_' + 'a'.repeat(40))).toBe(false);
  });
});

describe(hashPassword.name, () => {
  it('hashes with argon2id and verifies only the right password', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$/);
    await expect(verifyPassword(hash, 'correct horse battery')).resolves.toBe(true);
    await expect(verifyPassword(hash, 'wrong')).resolves.toBe(false);
    await expect(verifyPassword('not-a-hash', 'x')).resolves.toBe(false);
  });

  it('checks one password per core at once with four more per core waiting, and refuses the rest (RateLimitedError: 429, Retry-After 1)', async () => {
    const hash = await hashPassword('correct horse battery');
    const admitted = 5 * availableParallelism();
    const outcomes = await Promise.allSettled(
      Array.from({ length: admitted + 3 }, () => verifyPassword(hash, 'correct horse battery')),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled' && o.value === true)).toHaveLength(admitted);
    const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
    expect(refused).toHaveLength(3);
    for (const error of refused) expect(error).toEqual(expect.any(RateLimitedError));
    expect(refused[0]).toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 1 });
    // Once the flood is over, passwords are checked again.
    await expect(verifyPassword(hash, 'correct horse battery')).resolves.toBe(true);
  });
});
