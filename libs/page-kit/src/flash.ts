// Flash messages: what a form post leaves for the page it redirects to (post/redirect/get) — "Granted 500
// credits.", the snippet of what was just published. They live in the server's session, never in the
// query string: a URL anyone can write would let a link show an outcome that never happened, and put its
// text in a compressed page beside the CSRF token.
import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { SessionService } from '#folio/identity';
import { type WebRequest } from './current-actor.js';

/** A flash as the session stores it: the URL of the page it is for, and what that page shows. */
interface StoredFlash {
  to: string;
  data: object;
}

function isStoredFlash(value: unknown): value is StoredFlash {
  const flash = value as Partial<StoredFlash> | null;
  return typeof flash?.to === 'string' && typeof flash.data === 'object' && flash.data !== null;
}

@Injectable()
export class FlashMessages {
  constructor(private readonly sessions: SessionService) {}

  /**
   * Answers a form post with a 303 to `location` (a path on this origin, with its query), leaving `data` in
   * the session for that page. Only pages behind login post forms that flash, so there is a session.
   */
  async redirect(req: WebRequest, res: Response, location: string, data: object): Promise<void> {
    if (req.sessionId)
      await this.sessions.leaveFlash(req.sessionId, { to: location, data } satisfies StoredFlash);
    res.redirect(303, location);
  }

  /**
   * What a post left for this page — the request's URL exactly, so a stylesheet or another tab does not
   * take it — once; null otherwise. `Data` is the shape the page's own post left.
   */
  async take<Data extends object>(req: WebRequest): Promise<Data | null> {
    const { flash, sessionId } = req;
    if (!sessionId || !isStoredFlash(flash) || flash.to !== req.originalUrl) return null;
    return (await this.sessions.takeFlash(sessionId, flash)) ? (flash.data as Data) : null;
  }
}
