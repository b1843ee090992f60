import { createHash, randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import argon2 from 'argon2';
import { RateLimitedError } from '#folio/errors';
import { ConcurrencyLimit } from './concurrency-limit.js';

/** Scopes a credential can hold (docs/design.md §5). */
export const scopes = ['list:project', 'create:project', 'edit:project'] as const;
export type Scope = (typeof scopes)[number];

/** What each scope lets a credential do, in the plain words every page (consent, keys) uses. */
export const scopeDescriptions: Record<Scope, { title: string; detail: string }> = {
  'list:project': {
    title: 'See your projects',
    detail:
      'Find the projects you can access and read their pages, sections, styles and embed code (every MCP tool).',
  },
  'create:project': {
    title: 'Create projects and pages',
    detail:
      'Create projects (also from templates), add pages to projects you can edit, and spend AI credits on AI-generated pages.',
  },
  'edit:project': {
    title: 'Edit your projects',
    detail:
      'Change the text, images, links, styles, sections and theme of projects you can edit, and undo those changes. Nothing is published.',
  },
};

/** `sk`: made by a person in the profile page; `at`: issued as an OAuth access token. */
export type ApiKeyKind = 'sk' | 'at';

const apiKeyPattern = /^folio_(sk|at)_[A-Za-z0-9]{40}$/;
const base62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export interface NewApiKey {
  /** The key itself: shown once, never stored. */
  text: string;
  /** sha-256 (hex) of the text: what the database keeps and looks keys up by. */
  hash: string;
  /** The first characters, for people to recognise the key in lists. */
  prefix: string;
}

function randomBase62(length: number): string {
  // 248 is the largest multiple of 62 below 256: rejecting bytes ≥ 248 keeps the draw uniform.
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length)) {
      if (byte < 248 && out.length < length) out += base62[byte % 62];
    }
  }
  return out;
}

/** A fresh key of ~238 bits of randomness: `folio_sk_…` or `folio_at_…`. */
export function newApiKey(kind: ApiKeyKind): NewApiKey {
  const text = `folio_${kind}_${randomBase62(40)}`;
  return { text, hash: hashApiKey(text), prefix: apiKeyPrefix(text) };
}

export function hashApiKey(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function apiKeyPrefix(text: string): string {
  return text.slice(0, 'folio_sk_'.length + 4);
}

export function isWellFormedApiKey(text: string): boolean {
  return apiKeyPattern.test(text);
}

/**
 * argon2id takes a core and 64 MiB for a good part of a second: a flood of logins would make every login,
 * a real one included, wait seconds. So each process hashes at most one password per core at once, lets
 * a few more per core wait their turn, and refuses the rest (RateLimitedError: 429, Retry-After 1).
 */
export const passwordHashing = new ConcurrencyLimit(
  { running: availableParallelism(), waiting: 4 * availableParallelism() },
  () => new RateLimitedError('Too many logins are being checked right now', 1),
);

/** argon2id with the library's defaults (m=64 MiB, t=3, p=4); RateLimitedError when too many are under way. */
export function hashPassword(password: string): Promise<string> {
  return passwordHashing.run(() => argon2.hash(password, { type: argon2.argon2id }));
}

/** False for a wrong password or a malformed hash; RateLimitedError when too many are under way. */
export function verifyPassword(hash: string, password: string): Promise<boolean> {
  return passwordHashing.run(() => argon2.verify(hash, password).catch(() => false));
}
