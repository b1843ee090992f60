// Request body size limits shared by every app: one wording for the 413, and a cap for bodies no parser reads.
import { HttpException, HttpStatus } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

/** 1048576 → "1 MiB", 102400 → "100 KiB". */
function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / 1024 / 1024).toFixed(1)} MiB`;
  return bytes >= 1024 ? `${+(bytes / 1024).toFixed(1)} KiB` : `${bytes} bytes`;
}

/** What a 413 says, whatever its format (JSON, OAuth error, page). */
export function payloadTooLargeMessage(limitBytes: number): string {
  return `The request body is larger than the ${formatBytes(limitBytes)} this endpoint accepts.`;
}

/** 413 as every app renders it: `{ error: 'payload_too_large', message }`, or its page in apps/auth. */
export class PayloadTooLargeException extends HttpException {
  constructor(limitBytes: number) {
    super(
      {
        error: 'payload_too_large',
        message: payloadTooLargeMessage(limitBytes),
      },
      HttpStatus.PAYLOAD_TOO_LARGE,
    );
  }
}

/**
 * Refuses a body declared (Content-Length) larger than `limitBytes`, unless a route's own parser has
 * already read it. Body parsers enforce their limits on the types they parse; this covers every other
 * type, which would otherwise be drained unread after the response.
 */
export function refuseDeclaredOversizedBodies(limitBytes: number) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (!req.complete && declared > limitBytes) return next(new PayloadTooLargeException(limitBytes));
    next();
  };
}

/** Turns body-parser's "request entity too large" into the PayloadTooLargeException naming its limit. */
export function explainOversizedBodies(
  error: unknown,
  _req: Request,
  _res: Response,
  next: NextFunction,
): void {
  const parserError = error as { type?: unknown; limit?: unknown };
  if (parserError?.type === 'entity.too.large' && typeof parserError.limit === 'number') {
    return next(new PayloadTooLargeException(parserError.limit));
  }
  next(error);
}
