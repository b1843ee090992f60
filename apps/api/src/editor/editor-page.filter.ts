// The editor's error edge: login redirects, and readable pages for every other failure (never a stack trace).
import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DomainError } from '#folio/errors';
import { domainErrorResponse } from '#folio/http';
import { LoginRequiredException, visitorOf } from './editor-session.guard.js';
import { ViewRenderer } from './view-renderer.js';

const titles: Record<number, string> = {
  400: 'Something is wrong with that request',
  403: 'That did not work',
  404: 'Project not found',
  409: 'That is already taken',
  500: 'Something went wrong',
};

@Catch()
export class EditorPageFilter implements ExceptionFilter {
  private readonly logger = new Logger(EditorPageFilter.name);

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
    const { status, message } = this.describe(exception, res);
    const title = titles[status] ?? titles[400];
    if (req.accepts(['html', 'json']) === 'json') {
      res.status(status).json({ error: title, message });
      return;
    }
    this.views.render(res, 'error', { title, status, message, user: visitorOf(req)?.user }, { status });
  }

  private describe(exception: unknown, res: Response): { status: number; message: string } {
    if (exception instanceof DomainError) {
      const { status } = domainErrorResponse(exception);
      // Invisible and missing projects look the same (DESIGN §5): one message for both.
      if (status === 404)
        return {
          status,
          message:
            'There is no project here, or you have no access to it. Check the link, or ask its owner to add you to its account.',
        };
      return { status, message: exception.message };
    }
    if (exception instanceof HttpException && exception.getStatus() < 500) {
      const status = exception.getStatus();
      return {
        status,
        message: status === 404 ? 'There is nothing at this address.' : exception.message,
      };
    }
    const requestId = res.getHeader('x-request-id');
    this.logger.error({ err: exception, requestId }, 'Unhandled error on an editor page');
    return {
      status: 500,
      message: `We could not finish that. Please try again; if it keeps happening, tell us request id ${String(requestId ?? 'unknown')}.`,
    };
  }
}
