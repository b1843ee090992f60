/** Deterministic public keys for seed content: re-seeding keeps every key (and every link) stable. */
import { createHash } from 'node:crypto';

const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const base62 = `${letters}0123456789`;

/**
 * A 12-character base62 key starting with a letter (a valid public key and DOM id), hashed from a
 * readable name such as `starter/hero-centered/title`.
 */
export function k(name: string): string {
  const digest = createHash('sha256').update(`folio-seed/${name}`).digest();
  let key = letters[digest[0] % letters.length];
  for (let i = 1; i < 12; i++) key += base62[digest[i] % base62.length];
  return key;
}
