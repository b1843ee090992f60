// Route parameters checked against their formats before anything reads them (docs/design.md §2).
import { createParamDecorator, type ExecutionContext, type PipeTransform } from '@nestjs/common';
import type { Request } from 'express';
import type { ZodType } from 'zod';
import { InvalidInputError, NotFoundError } from '#folio/errors';

/**
 * How a malformed parameter is answered: an address that can name nothing (a site, an embed, a page, an
 * asset) is a 404 like any unknown one; an API's is a 400 naming the parameter. Neither repeats its value.
 */
export type MalformedParam = 'not_found' | 'invalid_input';

/** The route parameter as Express decoded it: a string, or the segments of a `*wildcard`. */
const rawParam = createParamDecorator(
  (name: string, context: ExecutionContext): unknown =>
    context.switchToHttp().getRequest<Request>().params[name],
);

/**
 * The path parameter `name` once it matches `format` (the schema the lib owning the format exports, e.g.
 * `publicKeySchema`), parsed by it: `@PathParam('projectKey', publicKeySchema, 'not_found') projectKey: string`.
 * A custom parameter, so the app-wide input pipe leaves it to its format, which is stricter.
 */
export function PathParam<T>(
  name: string,
  format: ZodType<T>,
  malformed: MalformedParam,
): ParameterDecorator {
  return rawParam(name, formatPipe(name, format, malformed));
}

function formatPipe<T>(
  name: string,
  format: ZodType<T>,
  malformed: MalformedParam,
): PipeTransform<unknown, T> {
  return {
    transform(value) {
      const parsed = format.safeParse(value);
      if (parsed.success) return parsed.data;
      if (malformed === 'not_found') throw new NotFoundError('Nothing is at this address.');
      throw new InvalidInputError([{ path: name, message: parsed.error.issues[0]?.message ?? 'malformed' }]);
    },
  };
}
