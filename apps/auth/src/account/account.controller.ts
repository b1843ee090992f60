import { Body, Controller, Get, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { publicKeySchema } from '#folio/content';
import { PathParam } from '#folio/http';
import { CreditStatements } from '#folio/credits';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { InvalidInputError, NotFoundError } from '#folio/errors';
import {
  type Actor,
  ActorRepository,
  ApiKeyService,
  type CreatedApiKey,
  type UserSummary,
  UserService,
  scopeDescriptions,
} from '#folio/identity';
import {
  CsrfGuard,
  CurrentUser,
  FlashMessages,
  formBody,
  SessionGuard,
  ViewRenderer,
  type WebRequest,
} from '#folio/ui';
import { ConnectedAppsService } from '../oidc/connected-apps.service.js';
import { type DisconnectForm, disconnectForm, newKeyForm, type NewKeyForm } from './account.dto.js';
import { seesAuditLog } from './audit.dto.js';

/** What a revocation or a disconnection leaves for the page it redirects to. */
interface NoticeFlash {
  notice: string;
}

const revoked: NoticeFlash = {
  notice: 'The key was revoked. Anything still using it is refused from now on.',
};
const disconnected: NoticeFlash = { notice: 'The app was disconnected. Its keys no longer work.' };

/** The profile pages: accounts and credits, API keys, connected apps, and members' keys for admins. */
@Controller('account')
@UseGuards(SessionGuard, CsrfGuard)
export class AccountController {
  constructor(
    private readonly users: UserService,
    private readonly actors: ActorRepository,
    private readonly apiKeys: ApiKeyService,
    private readonly connectedApps: ConnectedAppsService,
    private readonly creditStatements: CreditStatements,
    private readonly views: ViewRenderer,
    private readonly flash: FlashMessages,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  async overview(@CurrentUser() user: UserSummary, @Res() res: Response): Promise<void> {
    const [actor, { accounts, teams }] = await Promise.all([
      this.actors.load(user.id),
      this.users.overview(user.id),
    ]);
    this.render(res, actor, 'account/overview', { title: 'Overview', nav: 'overview', accounts, teams });
  }

  @Get('credits')
  async credits(@CurrentUser() user: UserSummary, @Res() res: Response): Promise<void> {
    const actor = await this.actors.load(user.id);
    const { accounts, teams } = await this.creditStatements.visibleTo(actor);
    this.render(res, actor, 'account/credits', { title: 'AI credits', nav: 'credits', accounts, teams });
  }

  @Get('keys')
  async keys(@CurrentUser() user: UserSummary, @Req() req: WebRequest, @Res() res: Response) {
    await this.renderKeys(res, user, { notice: await this.noticeOf(req) });
  }

  @Post('keys')
  async createKey(
    @CurrentUser() user: UserSummary,
    @Res() res: Response,
    @Body(formBody(newKeyForm)) form: NewKeyForm,
  ) {
    try {
      const actor = await this.actors.load(user.id);
      const accountId = form.accountKey ? await this.users.memberAccountId(actor, form.accountKey) : null;
      const created = await this.apiKeys.create(actor, { name: form.name, scopes: form.scopes, accountId });
      await this.renderKeys(res, user, { created }, 201);
    } catch (error) {
      if (!(error instanceof InvalidInputError)) throw error;
      const errors = Object.fromEntries(error.problems.map((p) => [p.path, p.message]));
      await this.renderKeys(res, user, { form, errors }, 400);
    }
  }

  @Post('keys/:key/revoke')
  async revokeKey(
    @CurrentUser() user: UserSummary,
    @Req() req: WebRequest,
    @Res() res: Response,
    @PathParam('key', publicKeySchema, 'not_found') key: string,
  ) {
    await this.apiKeys.revoke(await this.actors.load(user.id), key);
    await this.flash.redirect(req, res, '/account/keys', revoked);
  }

  @Get('apps')
  async apps(@CurrentUser() user: UserSummary, @Req() req: WebRequest, @Res() res: Response) {
    const [actor, apps] = await Promise.all([this.actors.load(user.id), this.connectedApps.list(user.id)]);
    this.render(res, actor, 'account/apps', {
      title: 'Connected apps',
      nav: 'apps',
      apps,
      scopeDescriptions,
      notice: await this.noticeOf(req),
    });
  }

  @Post('apps/disconnect')
  async disconnect(
    @CurrentUser() user: UserSummary,
    @Req() req: WebRequest,
    @Res() res: Response,
    @Body(formBody(disconnectForm)) { clientId }: DisconnectForm,
  ) {
    if (!clientId) throw new NotFoundError('No such app.');
    await this.connectedApps.disconnect(user.id, clientId);
    await this.flash.redirect(req, res, '/account/apps', disconnected);
  }

  @Get('accounts/:accountKey/keys')
  async memberKeys(
    @CurrentUser() user: UserSummary,
    @Req() req: WebRequest,
    @Res() res: Response,
    @PathParam('accountKey', publicKeySchema, 'not_found') accountKey: string,
  ) {
    const actor = await this.actors.load(user.id);
    const account = await this.users.administeredAccount(actor, accountKey);
    const keys = await this.apiKeys.listForAccountAdmin(actor, account.id);
    this.render(res, actor, 'account/member-keys', {
      title: `Members' keys · ${account.name}`,
      nav: 'overview',
      account,
      keys,
      notice: await this.noticeOf(req),
    });
  }

  @Post('accounts/:accountKey/keys/:key/revoke')
  async revokeMemberKey(
    @CurrentUser() user: UserSummary,
    @Req() req: WebRequest,
    @Res() res: Response,
    @PathParam('accountKey', publicKeySchema, 'not_found') accountKey: string,
    @PathParam('key', publicKeySchema, 'not_found') key: string,
  ) {
    const actor = await this.actors.load(user.id);
    const account = await this.users.administeredAccount(actor, accountKey);
    await this.apiKeys.revoke(actor, key, account.id);
    await this.flash.redirect(req, res, `/account/accounts/${encodeURIComponent(account.key)}/keys`, revoked);
  }

  private async renderKeys(
    res: Response,
    user: UserSummary,
    state: {
      created?: CreatedApiKey;
      form?: NewKeyForm;
      errors?: Record<string, string>;
      notice?: string | null;
    },
    status?: number,
  ): Promise<void> {
    const actor = await this.actors.load(user.id);
    const [keys, { accounts }] = await Promise.all([
      this.apiKeys.listOwn(actor),
      this.users.overview(user.id),
    ]);
    const accountNames = new Map(accounts.map((a) => [a.id, a.name]));
    this.render(
      res,
      actor,
      'account/keys',
      {
        title: 'API keys',
        nav: 'keys',
        keys: keys.map((key) => ({
          ...key,
          accountName: key.accountId ? (accountNames.get(key.accountId) ?? 'Another account') : null,
        })),
        accounts,
        scopeDescriptions,
        form: state.form ?? { name: '', scopes: ['list:project'], accountKey: '' },
        errors: state.errors ?? {},
        created: state.created ? { name: state.created.key.name, text: state.created.text } : null,
        notice: state.notice ?? null,
        mcpUrl: `${this.config.publicBaseUrl}/v2/mcp`,
      },
      status,
    );
  }

  /** What a revocation or a disconnection left for this page, once. */
  private async noticeOf(req: WebRequest): Promise<string | null> {
    return (await this.flash.take<NoticeFlash>(req))?.notice ?? null;
  }

  /** Every account page: the top bar links to the audit log for people who administer an account. */
  private render(res: Response, actor: Actor, view: string, data: Record<string, unknown>, status?: number) {
    this.views.render(res, view, { ...data, auditLink: seesAuditLog(actor) }, { status });
  }
}
