import { createHash } from 'node:crypto';

/**
 * A bounded in-memory cache, least recently used out first. For rendered output the keys name everything
 * the output depends on (published version, asset state, options), so those entries never go stale.
 */
export class RenderCache<T> {
  private readonly entries = new Map<string, T>();

  constructor(private readonly capacity: number) {}

  get(key: string): T | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  deleteWhere(test: (key: string) => boolean): void {
    for (const key of [...this.entries.keys()]) if (test(key)) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
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
