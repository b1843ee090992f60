// The pages' one error edge: login redirects, and readable pages (or JSON, to clients that ask for it) for
// every other failure, never a stack trace.
import { type ArgumentsHost, Catch, type ExceptionFilter, Inject, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { RateLimitedException } from '#folio/http';
import { LoginRequiredException } from './current-actor.js';
import { describePageError, type PageError, type PageErrorWording } from './page-error.js';
import { PAGE_KIT_OPTIONS, type PageKitOptions } from './page-kit.options.js';
import { ViewRenderer } from './view-renderer.js';

@Catch()
export class PageErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger(PageErrorFilter.name);
  /** The app's wording; a subclass may word its own pages' missing thing. */
  protected readonly wording: PageErrorWording;

  constructor(
    private readonly views: ViewRenderer,
    @Inject(PAGE_KIT_OPTIONS) options: PageKitOptions,
  ) {
    this.wording = options.errorWording;
  }

  catch(exception: unknown, host: ArgumentsHost): void {
    const req = host.switchToHttp().getRequest<Request>();
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
      this.views.render(res, 'error', { ...page }, { status: page.status });
    } catch (error) {
      this.logger.error({ err: error }, 'The error page failed to render');
      res.status(page.status).type('text/plain').send(`${page.title}\n\n${page.message}\n`);
    }
  }

  private describe(exception: unknown, res: Response): PageError {
    if (exception instanceof RateLimitedException) {
      // The page says when to try again; Retry-After says the same to machines.
      return {
        status: 429,
        title: 'Too many attempts',
        message: exception.message,
        retryAfterSeconds: exception.retryAfterSeconds,
      };
    }
    const requestId = res.getHeader('x-request-id');
    return describePageError(exception, requestId, this.wording, (err) =>
      this.logger.error({ err, requestId }, 'Unhandled error on a page'),
    );
  }
}
