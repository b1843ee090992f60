// Request bodies in every app: size limits (one wording for the 413, a cap for bodies no parser reads), the
// JSON-only routes (415), and body-parser failures turned into the service's own errors.
import {
  type CanActivate,
  type ExecutionContext,
  HttpException,
  HttpStatus,
  Injectable,
  UseGuards,
} from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { InvalidInputError } from '#folio/errors';

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

/** 415 as every app renders it: `{ error: 'unsupported_media_type', message }`. */
export class UnsupportedMediaTypeException extends HttpException {
  constructor(message = 'This endpoint takes a JSON body: send it with Content-Type: application/json.') {
    super({ error: 'unsupported_media_type', message }, HttpStatus.UNSUPPORTED_MEDIA_TYPE);
  }
}

/** The media type the JSON body parser reads; parameters such as `charset` may follow. */
const jsonContentType = /^application\/json\s*(;|$)/i;

@Injectable()
class JsonContentTypeGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const contentType = context.switchToHttp().getRequest<Request>().headers['content-type'] ?? '';
    if (!jsonContentType.test(contentType)) throw new UnsupportedMediaTypeException();
    return true;
  }
}

/**
 * A route whose body is JSON: a request without `Content-Type: application/json` is a 415, instead of
 * an unparsed body read as empty. Checked after authentication, before any pipe reads the body.
 */
export const JsonBody = () => UseGuards(JsonContentTypeGuard);

/**
 * Body-parser failures as the service's own errors, so every filter renders them: a body over its
 * limit is a PayloadTooLargeException naming the limit, malformed JSON an InvalidInputError (400
 * `invalid_input`), an unsupported charset or content encoding an UnsupportedMediaTypeException.
 */
export function explainBodyParserErrors(
  error: unknown,
  _req: Request,
  _res: Response,
  next: NextFunction,
): void {
  const parserError = error as { type?: unknown; limit?: unknown; message?: unknown } | undefined;
  switch (parserError?.type) {
    case 'entity.too.large':
      if (typeof parserError.limit === 'number') return next(new PayloadTooLargeException(parserError.limit));
      break;
    case 'entity.parse.failed':
      return next(
        new InvalidInputError([
          { path: '', message: `The body is not valid JSON (${String(parserError.message)}).` },
        ]),
      );
    case 'charset.unsupported':
    case 'encoding.unsupported':
      return next(
        new UnsupportedMediaTypeException(`The body cannot be read: ${String(parserError.message)}.`),
      );
  }
  next(error);
}
