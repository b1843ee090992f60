// Who is using the editor: the `folio_session` cookie (set by apps/auth at /login) resolved to a person.
import {
  type CanActivate,
  createParamDecorator,
  type ExecutionContext,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { type Actor, ActorRepository, SessionService, type UserSummary } from '#folio/identity';

export const sessionCookieName = 'folio_session';

export interface EditorVisitor {
  user: UserSummary;
  actor: Actor;
  /** Named by ADMIN_EMAILS: may see the operators' pages and administer the public libraries. */
  isOperator: boolean;
}

interface EditorRequest extends Request {
  editorVisitor?: EditorVisitor;
}

/** An anonymous request to the editor; the page filter answers 303 to `/login?next=<next>`. */
export class LoginRequiredException extends HttpException {
  constructor(readonly next: string) {
    super('Log in to open the editor.', HttpStatus.UNAUTHORIZED);
  }
}

/** The value of one cookie from the Cookie header (apps/api has no cookie parser of its own). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0 || part.slice(0, index).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * Lets logged-in people through with their actor (roles, for the access policy) on the request. Slides the
 * session's expiry like the account pages do; anyone else goes to the login page and comes back here.
 */
@Injectable()
export class EditorSessionGuard implements CanActivate {
  private readonly secure: boolean;
  private readonly operatorEmails: ReadonlySet<string>;

  constructor(
    private readonly sessions: SessionService,
    private readonly actors: ActorRepository,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.secure = config.publicBaseUrl.startsWith('https:');
    this.operatorEmails = new Set(config.adminEmails);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<EditorRequest>();
    const res = context.switchToHttp().getResponse<Response>();
    const session = await this.sessions.resolve(readCookie(req.headers.cookie, sessionCookieName));
    if (!session) {
      // A GET comes back to where it was after logging in; a form post cannot be replayed, so its page does.
      throw new LoginRequiredException(
        req.method === 'GET' ? req.originalUrl : editorPathOf(req.originalUrl),
      );
    }
    if (session.renewed) {
      res.cookie(sessionCookieName, readCookie(req.headers.cookie, sessionCookieName), {
        httpOnly: true,
        sameSite: 'lax',
        secure: this.secure,
        path: '/',
        expires: session.expiresAt,
      });
    }
    req.editorVisitor = {
      user: session.user,
      actor: await this.actors.load(session.user.id),
      isOperator: this.operatorEmails.has(session.user.email),
    };
    return true;
  }
}

/** `/editor/<projectKey>/publish` → `/editor/<projectKey>` (and `/editor/libraries/<key>/ai` → `/editor/libraries`). */
function editorPathOf(url: string): string {
  const [, projectKey] = /^\/editor\/([A-Za-z0-9]+)/.exec(url) ?? [];
  return projectKey ? `/editor/${projectKey}` : '/account';
}

/** The person EditorSessionGuard let through, if it did (error pages name them too). */
export function visitorOf(req: Request): EditorVisitor | undefined {
  return (req as EditorRequest).editorVisitor;
}

/** The person behind EditorSessionGuard, as a handler parameter. */
export const Visitor = createParamDecorator(
  (_data: unknown, context: ExecutionContext): EditorVisitor =>
    context.switchToHttp().getRequest<EditorRequest>().editorVisitor!,
);
