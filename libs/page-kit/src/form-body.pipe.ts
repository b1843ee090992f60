import { type PipeTransform } from '@nestjs/common';

/** An urlencoded form body as Express parsed it: each field a string, a list of them, or missing. */
export type FormBody = Record<string, unknown> | undefined;

/**
 * A pipe that turns the form body into the typed form `read` makes of it, as in
 * `@Body(formBody(loginForm)) form: LoginForm`. The rules behind the values stay the services' job; a
 * reader that refuses a malformed form throws a domain error, which the page's error filter answers.
 */
export function formBody<T>(read: (body: FormBody) => T): PipeTransform<unknown, T> {
  return {
    transform: (body) =>
      read(body && typeof body === 'object' ? (body as Record<string, unknown>) : undefined),
  };
}
