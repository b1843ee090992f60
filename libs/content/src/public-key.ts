import { createHash, randomInt } from 'node:crypto';

const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const base62 = `${letters}0123456789`;

/** A new public key: base62, starting with a letter so it is a valid DOM id. 12 chars ≈ 71 bits. */
export function newPublicKey(length = 12): string {
  let key = letters[randomInt(letters.length)];
  for (let i = 1; i < length; i++) key += base62[randomInt(base62.length)];
  return key;
}

/**
 * A public key derived from `seed`: the same seed always gives the same key (12 characters, base62,
 * starting with a letter), for keys that must stay stable across re-seeding or rebuilding.
 */
export function derivedPublicKey(seed: string): string {
  const digest = createHash('sha256').update(seed).digest();
  let key = letters[digest[0] % letters.length];
  for (let i = 1; i < 12; i++) key += base62[digest[i] % base62.length];
  return key;
}
