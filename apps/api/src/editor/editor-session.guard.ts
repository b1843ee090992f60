// The current user of the editor and operators' pages: the page kit's session, with the person's roles.
import { createParamDecorator, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { type Actor, ActorRepository, type UserSummary } from '#folio/identity';
import {
  PAGE_KIT_OPTIONS,
  type PageKitOptions,
  SessionCookies,
  SessionGuard,
  type WebRequest,
} from '#folio/ui';

export interface EditorUser {
  user: UserSummary;
  actor: Actor;
  /** Named by ADMIN_EMAILS: may see the operators' pages and administer the public libraries. */
  isOperator: boolean;
}

interface EditorRequest extends WebRequest {
  editorUser?: EditorUser;
}

/**
 * The page kit's SessionGuard (logged-in people through, anyone else to the login page and back), adding
 * the current user's actor (roles, for the access policy) and whether they are an operator.
 */
@Injectable()
export class EditorSessionGuard extends SessionGuard {
  private readonly operatorEmails: ReadonlySet<string>;

  constructor(
    cookies: SessionCookies,
    @Inject(PAGE_KIT_OPTIONS) options: PageKitOptions,
    private readonly actors: ActorRepository,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super(cookies, options);
    this.operatorEmails = new Set(config.adminEmails);
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    await super.canActivate(context);
    const req = context.switchToHttp().getRequest<EditorRequest>();
    const user = req.user!;
    req.editorUser = {
      user,
      actor: await this.actors.load(user.id),
      isOperator: this.operatorEmails.has(user.email),
    };
    return true;
  }
}

/** The current user EditorSessionGuard let through, if it did. */
export function editorUserOf(req: Request): EditorUser | undefined {
  return (req as EditorRequest).editorUser;
}

/** The current user behind EditorSessionGuard, with their roles, as a handler parameter. */
export const CurrentEditorUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): EditorUser =>
    editorUserOf(context.switchToHttp().getRequest<Request>())!,
);
