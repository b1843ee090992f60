// The operators' pages: for the people named by ADMIN_EMAILS, after EditorSessionGuard has let them in.
import { type CanActivate, type ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { editorUserOf } from '../editor/editor-session.guard.js';

@Injectable()
export class AdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const current = editorUserOf(context.switchToHttp().getRequest<Request>());
    if (!current?.isOperator) {
      throw new ForbiddenException(
        "This page is for Folio's operators. Ask one of them to add your email to ADMIN_EMAILS.",
      );
    }
    return true;
  }
}
