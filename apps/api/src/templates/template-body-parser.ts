// The template API takes bodies up to 5 MiB (the rest of the api 1 MiB): parsed here, before the global parser.
import express, { type NextFunction, type Request, type Response } from 'express';
import { templateLimits } from '#folio/templates';

export const templateBodyPath = '/project/create-from-template';

const parseJson = express.json({ limit: templateLimits.bodyBytes });

/** JSON bodies of the create-from-template route; a body over the limit is a JSON 413 naming the limit. */
export function templateBodyParser(req: Request, res: Response, next: NextFunction): void {
  parseJson(req, res, (error?: unknown) => {
    if (!error) return next();
    const status = (error as { status?: number }).status;
    if (status === 413) {
      res.status(413).json({
        error: 'payload_too_large',
        message: `The body is larger than ${templateLimits.bodyBytes / 1024 / 1024} MiB; send fewer pages per call.`,
      });
      return;
    }
    next(error);
  });
}
