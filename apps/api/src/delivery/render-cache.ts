import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/**
 * A bounded in-memory cache, least recently used out first. For rendered output the keys name everything
 * the output depends on (published version, asset state, options), so those entries never go stale.
 */
export class RenderCache<T extends NonNullable<unknown>> extends LRUCache<string, T> {
  constructor(capacity: number) {
    super({ max: capacity });
  }

  deleteWhere(test: (key: string) => boolean): void {
    for (const key of [...this.keys()]) if (test(key)) this.delete(key);
  }
}

/** A short, stable digest for cache keys and ETags. */
export function digest(...parts: string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('base64url').slice(0, 22);
}

/**
 * True when an `If-None-Match` header names `etag` (or is `*`), compared weakly as RFC 9110 asks for
 * `If-None-Match`: `W/"x"` and `"x"` match each other.
 */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch
    .split(',')
    .map(opaque)
    .some((tag) => tag === opaque(etag) || tag === '*');
}
