// The auth pages' one error edge: domain and HTTP errors become readable pages, never stack traces.
import { type ArgumentsHost, Catch, type ExceptionFilter, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { RateLimitedException } from '#folio/http';
import { describePageError, type PageError } from '#folio/ui';
import { LoginRequiredException, type WebRequest } from './current-user.js';
import { ViewRenderer } from './view-renderer.js';

const wording = { notFound: 'There is nothing at this address. Check the link, or go back to your account.' };

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
    const page = this.describe(exception, res);
    if (page.retryAfterSeconds) res.setHeader('Retry-After', String(page.retryAfterSeconds));
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

  private describe(exception: unknown, res: Response): PageError {
    if (exception instanceof RateLimitedException) {
      // The page says when to try again; the Retry-After header set by the limit says the same to machines.
      return { status: 429, title: 'Too many attempts', message: exception.message };
    }
    const requestId = res.getHeader('x-request-id');
    return describePageError(exception, requestId, wording, (err) =>
      this.logger.error({ err, requestId }, 'Unhandled error on an auth page'),
    );
  }
}
