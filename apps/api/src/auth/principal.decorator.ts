import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { type Principal } from '#folio/identity';

/** The authenticated API key's Principal; the route needs `@RequireScopes(…)`. */
export const CurrentPrincipal = createParamDecorator((_: unknown, context: ExecutionContext): Principal => {
  const principal = context.switchToHttp().getRequest<Request>().user as Principal | undefined;
  if (!principal) throw new Error('@CurrentPrincipal() is used on a route without @RequireScopes().');
  return principal;
});
