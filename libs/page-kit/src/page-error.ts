import { HttpException } from '@nestjs/common';
import { DomainError } from '#folio/errors';
import { databaseRetryAfterSeconds, databaseUnavailableResponse, domainErrorResponse } from '#folio/http';

/** What an error page (or its JSON twin) says. */
export interface PageError {
  status: number;
  title: string;
  message: string;
  /** For a 429 or 503: the Retry-After the page is sent with. */
  retryAfterSeconds?: number;
}

const defaultTitles: Record<number, string> = {
  400: 'Something is wrong with that request',
  401: 'Please log in',
  403: 'That did not work',
  404: 'Page not found',
  405: 'Not allowed here',
  409: 'That already exists',
  413: 'That was too much',
  429: 'Too many attempts',
  500: 'Something went wrong',
  503: 'Briefly unavailable',
};

export interface PageErrorWording {
  /** Titles that differ from the defaults for this app. */
  titles?: Partial<Record<number, string>>;
  /** The message for an address that leads nowhere. */
  notFound: string;
  /** The message for a domain "not found" (also "not visible"), when one sentence should serve both. */
  domainNotFound?: string;
}

/**
 * The one description of a failure on a server-rendered page: domain errors by kind, HTTP and middleware
 * (body-parser) 4xx errors with their safe message, an unreachable database a 503, anything else a 500
 * naming the request id. `log` is called for the 500s only; nothing internal reaches the message.
 */
export function describePageError(
  exception: unknown,
  requestId: unknown,
  wording: PageErrorWording,
  log: (exception: unknown) => void,
): PageError {
  const titles: Record<number, string> = { ...defaultTitles };
  for (const [status, title] of Object.entries(wording.titles ?? {}))
    if (title) titles[Number(status)] = title;
  const page = (status: number, message: string): PageError => ({
    status,
    title: titles[status] ?? titles[400],
    message,
  });
  if (exception instanceof DomainError) {
    const { status, retryAfterSeconds } = domainErrorResponse(exception);
    return {
      ...page(status, status === 404 && wording.domainNotFound ? wording.domainNotFound : exception.message),
      retryAfterSeconds,
    };
  }
  if (exception instanceof HttpException && exception.getStatus() < 500) {
    return page(exception.getStatus(), httpMessage(exception, wording));
  }
  // Body-parser and similar middleware errors carry a status and say whether their message is safe.
  const httpError = exception as { status?: unknown; expose?: unknown; message?: unknown };
  if (typeof httpError.status === 'number' && httpError.status >= 400 && httpError.status < 500) {
    return page(
      httpError.status,
      httpError.expose && typeof httpError.message === 'string' ? httpError.message : '',
    );
  }
  const unavailable = databaseUnavailableResponse(exception);
  if (unavailable) {
    return {
      ...page(unavailable.status, unavailable.body.message),
      retryAfterSeconds: databaseRetryAfterSeconds,
    };
  }
  log(exception);
  return page(
    500,
    `We could not finish that. Please try again; if it keeps happening, tell us request id ${String(requestId ?? 'unknown')}.`,
  );
}

function httpMessage(exception: HttpException, wording: PageErrorWording): string {
  if (exception.getStatus() === 404) return wording.notFound;
  if (exception.getStatus() === 429) return 'Too many requests. Wait a moment and try again.';
  const response = exception.getResponse();
  const message = typeof response === 'string' ? response : (response as { message?: unknown }).message;
  return typeof message === 'string' ? message : exception.message;
}
