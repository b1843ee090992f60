// The auth pages' one error edge: domain and HTTP errors become readable pages, never stack traces.
import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { DomainError } from '#folio/errors';
import { domainErrorResponse } from '#folio/http';
import { LoginRequiredException, type WebRequest } from './current-user.js';
import { LoginThrottledException } from './login-throttle.js';
import { ViewRenderer } from './view-renderer.js';

interface ErrorPage {
  status: number;
  title: string;
  message: string;
}

const titles: Record<number, string> = {
  400: 'Something is wrong with that request',
  401: 'Please log in',
  403: 'That did not work',
  404: 'Page not found',
  405: 'Not allowed here',
  409: 'That already exists',
  413: 'That was too much',
  429: 'Too many attempts',
  500: 'Something went wrong',
};

@Catch()
export class PageExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger(PageExceptionFilter.name);

  constructor(private readonly views: ViewRenderer) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const req = host.switchToHttp().getRequest<WebRequest>();
    const res = host.switchToHttp().getResponse<Response>();
    if (res.headersSent) {
      res.end();
      return;
    }
    if (exception instanceof LoginRequiredException) {
      res.redirect(303, `/login?next=${encodeURIComponent(exception.next)}`);
      return;
    }
    if (exception instanceof LoginThrottledException) {
      res.setHeader('Retry-After', String(exception.retryAfterSeconds));
    }
    const page = this.describe(exception, res);
    if (req.accepts(['html', 'json']) === 'json') {
      res.status(page.status).json({ error: page.title, message: page.message });
      return;
    }
    try {
      this.views.render(res, 'error', { ...page }, page.status);
    } catch (error) {
      this.logger.error({ err: error }, 'The error page failed to render');
      res.status(page.status).type('text/plain').send(`${page.title}\n\n${page.message}\n`);
    }
  }

  private describe(exception: unknown, res: Response): ErrorPage {
    if (exception instanceof DomainError) {
      const { status } = domainErrorResponse(exception);
      return { status, title: titles[status] ?? titles[400], message: exception.message };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      if (status < 500)
        return { status, title: titles[status] ?? titles[400], message: this.messageOf(exception) };
    }
    // Body-parser and similar middleware errors carry a status and say whether their message is safe.
    const httpError = exception as { status?: unknown; expose?: unknown; message?: unknown };
    if (typeof httpError.status === 'number' && httpError.status >= 400 && httpError.status < 500) {
      const message = httpError.expose && typeof httpError.message === 'string' ? httpError.message : '';
      return { status: httpError.status, title: titles[httpError.status] ?? titles[400], message };
    }
    const requestId = res.getHeader('x-request-id');
    this.logger.error({ err: exception, requestId }, 'Unhandled error on an auth page');
    return {
      status: 500,
      title: titles[500],
      message: `We could not finish that. Please try again; if it keeps happening, tell us request id ${String(requestId ?? 'unknown')}.`,
    };
  }

  private messageOf(exception: HttpException): string {
    if (exception.getStatus() === 404)
      return 'There is nothing at this address. Check the link, or go back to your account.';
    if (exception.getStatus() === 429 && !(exception instanceof LoginThrottledException))
      return 'Too many requests. Wait a moment and try again.';
    const response = exception.getResponse();
    const message = typeof response === 'string' ? response : (response as { message?: unknown }).message;
    return typeof message === 'string' ? message : exception.message;
  }
}
