// The operators' pages: for the people identity makes operators (ADMIN_EMAILS), after SessionGuard has let
// them in.
import { type CanActivate, type ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import { type WebRequest } from '#folio/page-kit';

@Injectable()
export class AdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (!context.switchToHttp().getRequest<WebRequest>().actor?.isOperator) {
      throw new ForbiddenException(
        "This page is for Folio's operators. Ask one of them to add your email to ADMIN_EMAILS.",
      );
    }
    return true;
  }
}
