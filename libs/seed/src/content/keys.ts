/** Deterministic public keys for seed content: re-seeding keeps every key (and every link) stable. */
import { derivedPublicKey } from '#folio/content';

/**
 * A 12-character base62 key starting with a letter (a valid public key and DOM id), hashed from a
 * readable name such as `starter/hero-centered/title`.
 */
export function k(name: string): string {
  return derivedPublicKey(`folio-seed/${name}`);
}
