// The editor's error edge: login redirects, and readable pages for every other failure (never a stack trace).
import { type ArgumentsHost, Catch, type ExceptionFilter, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { describePageError, type PageErrorWording } from '#folio/ui';
import { LoginRequiredException, visitorOf } from './editor-session.guard.js';
import { ViewRenderer } from './view-renderer.js';

const projectWording: PageErrorWording = {
  titles: { 404: 'Project not found', 409: 'That is already taken' },
  notFound: 'There is nothing at this address.',
  // Invisible and missing projects look the same (DESIGN §5): one message for both.
  domainNotFound:
    'There is no project here, or you have no access to it. Check the link, or ask its owner to add you to its account.',
};

const libraryWording: PageErrorWording = {
  titles: { 404: 'Library not found' },
  notFound: projectWording.notFound,
  // A library someone does not administer and a missing one look the same.
  domainNotFound:
    'There is no library here that you administer. Switching AI on or off takes the owner or admin role in the account that owns it.',
};

@Catch()
export class EditorPageFilter implements ExceptionFilter {
  private readonly logger = new Logger(EditorPageFilter.name);
  protected readonly wording = projectWording;

  constructor(private readonly views: ViewRenderer) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const req = host.switchToHttp().getRequest<Request>();
    if (res.headersSent) {
      res.end();
      return;
    }
    if (exception instanceof LoginRequiredException) {
      res.redirect(303, `/login?next=${encodeURIComponent(exception.next)}`);
      return;
    }
    const requestId = res.getHeader('x-request-id');
    const { status, title, message, retryAfterSeconds } = describePageError(
      exception,
      requestId,
      this.wording,
      (err) => this.logger.error({ err, requestId }, 'Unhandled error on an editor page'),
    );
    if (retryAfterSeconds) res.setHeader('Retry-After', String(retryAfterSeconds));
    if (req.accepts(['html', 'json']) === 'json') {
      res.status(status).json({ error: title, message });
      return;
    }
    this.views.render(res, 'error', { title, status, message, user: visitorOf(req)?.user }, { status });
  }
}

/** The same edge for the library pages, whose missing (or not administered) thing is a library. */
@Catch()
export class LibraryPageFilter extends EditorPageFilter {
  protected override readonly wording = libraryWording;
}
