import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { type Actor } from './actor.js';
import { ActorService } from './actor.service.js';
import { SessionRepository } from './session.repository.js';

/** A browser login lasts this long after the last request that refreshed it. */
export const sessionLifetimeMs = 30 * 24 * 60 * 60 * 1000;
/** lastSeenAt (and with it the expiry) moves at most this often, so a page view is not a write. */
const touchIntervalMs = 60_000;

const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

export interface StartedSession {
  sessionId: string;
  /** The cookie value: given to the browser once, stored only as its sha-256. */
  token: string;
  expiresAt: Date;
}

export interface ResolvedSession {
  sessionId: string;
  /** The person signed in, with their roles as they are now. */
  actor: Actor;
  expiresAt: Date;
  /** True when this request moved the expiry forward: the cookie should be sent again with it. */
  renewed: boolean;
  /** What the last form post left for the next page (`leaveFlash`), as stored; null for nothing. */
  flash: unknown;
}

/** Browser sessions stored in the database; the token itself never is. */
@Injectable()
export class SessionService {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly actors: ActorService,
  ) {}

  async start(userId: string, userAgent: string | null = null): Promise<StartedSession> {
    const now = new Date();
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + sessionLifetimeMs);
    await this.sessions.deleteExpiredOf(userId, now);
    const session = await this.sessions.create({
      tokenHash: hashSessionToken(token),
      userId,
      expiresAt,
      userAgent: userAgent?.slice(0, 500) ?? null,
    });
    return { sessionId: session.id, token, expiresAt };
  }

  /** The live session a cookie value names, or null for an unknown, malformed or expired one. */
  async resolve(token: string | undefined, now = new Date()): Promise<ResolvedSession | null> {
    if (!token || !tokenPattern.test(token)) return null;
    const session = await this.sessions.findByTokenHash(hashSessionToken(token));
    if (!session) return null;
    if (session.expiresAt.getTime() <= now.getTime()) {
      await this.sessions.deleteById(session.id);
      return null;
    }
    let expiresAt = session.expiresAt;
    const renewed = now.getTime() - session.lastSeenAt.getTime() >= touchIntervalMs;
    if (renewed) {
      expiresAt = new Date(now.getTime() + sessionLifetimeMs);
      await this.sessions.touch(session.id, now, expiresAt);
    }
    return {
      sessionId: session.id,
      actor: this.actors.of(session.person),
      expiresAt,
      renewed,
      flash: session.flash ?? null,
    };
  }

  /**
   * Keeps `flash` in the session for the page a form post redirects to (post/redirect/get): the outcome
   * stays on the server, where no link can make one up. It replaces any flash not yet shown.
   */
  async leaveFlash(sessionId: string, flash: object): Promise<void> {
    await this.sessions.setFlash(sessionId, flash);
  }

  /** Takes the flash `resolve` returned out of the session: true once, when it was still there. */
  takeFlash(sessionId: string, flash: object): Promise<boolean> {
    return this.sessions.clearFlash(sessionId, flash);
  }

  /** Logs the session out; a no-op for a token that names none. */
  async end(token: string | undefined): Promise<void> {
    if (!token || !tokenPattern.test(token)) return;
    await this.sessions.deleteByTokenHash(hashSessionToken(token));
  }
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
