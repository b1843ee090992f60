import { randomInt } from 'node:crypto';

const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const base62 = `${letters}0123456789`;

/** A new public key: base62, starting with a letter so it is a valid DOM id. 12 chars ≈ 71 bits. */
export function newPublicKey(length = 12): string {
  let key = letters[randomInt(letters.length)];
  for (let i = 1; i < length; i++) key += base62[randomInt(base62.length)];
  return key;
}
