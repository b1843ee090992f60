import { createHash } from 'node:crypto';
import { type AppConfig } from '#folio/config';
import { normalizeIp } from './throttler.js';

/** One limit: at most `limit` hits per `ttlMs` for one tracker; `limit` 0 means no limit. */
export interface RateLimitRule {
  name: string;
  limit: number;
  ttlMs: number;
}

export interface RateLimitSettings {
  /** Per client IP, every route but probes and static files. */
  ip: RateLimitRule;
  /** Per API key (per IP when none is sent), on the routes that take an API key. */
  key: RateLimitRule;
  /** Dynamic client registrations per client IP. */
  registration: RateLimitRule;
  /** Caller image URLs that AI generation probes, per API key. */
  aiImageProbes: RateLimitRule;
  /** edit_project calls per project. */
  projectEdits: RateLimitRule;
  /** check_implementation calls per API key: each renders two documents in Chromium. */
  implementationChecks: RateLimitRule;
  /** Starts every storage key, so installations (and test files) sharing one Redis never meet. */
  keyPrefix: string;
}

export const RATE_LIMIT_SETTINGS = Symbol('RATE_LIMIT_SETTINGS');

const minute = 60_000;

export function rateLimitSettings(config: AppConfig): RateLimitSettings {
  const {
    perIpPerMinute,
    perKeyPerMinute,
    registrationsPerHour,
    aiImageProbesPerKeyPerMinute,
    editsPerProjectPerMinute,
    implementationChecksPerKeyPerMinute,
  } = config.rateLimits;
  return {
    ip: { name: 'ip', limit: perIpPerMinute, ttlMs: minute },
    key: { name: 'key', limit: perKeyPerMinute, ttlMs: minute },
    registration: { name: 'registration', limit: registrationsPerHour, ttlMs: 60 * minute },
    aiImageProbes: { name: 'ai-image-probes', limit: aiImageProbesPerKeyPerMinute, ttlMs: minute },
    projectEdits: { name: 'project-edits', limit: editsPerProjectPerMinute, ttlMs: minute },
    implementationChecks: {
      name: 'implementation-checks',
      limit: implementationChecksPerKeyPerMinute,
      ttlMs: minute,
    },
    keyPrefix: `${config.jobs.prefix}:rate-limit`,
  };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The storage key of one tracker under one rule. Trackers are hashed: neither an API key nor a client
 * address is ever written to Redis as such.
 */
export function rateLimitKey(settings: Pick<RateLimitSettings, 'keyPrefix'>, rule: string, tracker: string) {
  return `${settings.keyPrefix}:${sha256(`${rule}|${tracker}`)}`;
}

/** The client address (`req.ip`, from X-Forwarded-For behind a trusted proxy); IPv6 by /64 network. */
export function clientAddress(req: { ip?: string }): string {
  return `ip:${normalizeIp(req.ip ?? 'unknown')}`;
}

/** An API key, known by its id once authenticated, as a tracker. */
export function apiKeyIdTracker(keyId: string): string {
  return `key-id:${keyId}`;
}

/** An API key as a tracker: by its sha-256, the hash the database keeps, never its text. */
export function apiKeyTracker(keyText: string): string {
  return `key:${sha256(keyText)}`;
}
