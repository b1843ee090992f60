import { Body, Controller, Get, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { publicKeySchema } from '#folio/content';
import { PathParam } from '#folio/http';
import { CreditStatements } from '#folio/credits';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { NotFoundError } from '#folio/errors';
import { type Actor, ApiKeyService, UserService, scopeDescriptions } from '#folio/identity';
import {
  CsrfGuard,
  CurrentActor,
  FlashMessages,
  formBody,
  SessionGuard,
  ViewRenderer,
  type WebRequest,
} from '#folio/page-kit';
import { ConnectedAppsService } from '../oidc/connected-apps.service.js';
import { AccountPages, type KeysPage } from './account-pages.service.js';
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

/** What the keys page shows beyond the keys: a new key's form as typed, its problems, a key just made. */
interface KeysPageState {
  form?: NewKeyForm;
  errors?: Record<string, string>;
  created?: { name: string; text: string };
  notice?: string | null;
}

/** The profile pages: accounts and credits, API keys, connected apps, and members' keys for admins. */
@Controller('account')
@UseGuards(SessionGuard, CsrfGuard)
export class AccountController {
  constructor(
    private readonly users: UserService,
    private readonly pages: AccountPages,
    private readonly apiKeys: ApiKeyService,
    private readonly connectedApps: ConnectedAppsService,
    private readonly creditStatements: CreditStatements,
    private readonly views: ViewRenderer,
    private readonly flash: FlashMessages,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  async overview(@CurrentActor() actor: Actor, @Res() res: Response): Promise<void> {
    const { accounts, teams } = await this.users.overview(actor.userId);
    this.render(res, actor, 'account/overview', { title: 'Overview', nav: 'overview', accounts, teams });
  }

  @Get('credits')
  async credits(@CurrentActor() actor: Actor, @Res() res: Response): Promise<void> {
    const { accounts, teams } = await this.creditStatements.visibleTo(actor);
    this.render(res, actor, 'account/credits', { title: 'AI credits', nav: 'credits', accounts, teams });
  }

  @Get('keys')
  async keys(@CurrentActor() actor: Actor, @Req() req: WebRequest, @Res() res: Response) {
    const page = await this.pages.keys(actor);
    this.renderKeys(res, actor, page, { notice: await this.noticeOf(req) });
  }

  @Post('keys')
  async createKey(
    @CurrentActor() actor: Actor,
    @Res() res: Response,
    @Body(formBody(newKeyForm)) form: NewKeyForm,
  ) {
    const page = await this.pages.createKey(actor, form);
    if ('errors' in page) return this.renderKeys(res, actor, page, { form, errors: page.errors }, 400);
    const created = { name: page.created.key.name, text: page.created.text };
    this.renderKeys(res, actor, page, { created }, 201);
  }

  @Post('keys/:key/revoke')
  async revokeKey(
    @CurrentActor() actor: Actor,
    @Req() req: WebRequest,
    @Res() res: Response,
    @PathParam('key', publicKeySchema, 'not_found') key: string,
  ) {
    await this.apiKeys.revoke(actor, key);
    await this.flash.redirect(req, res, '/account/keys', revoked);
  }

  @Get('apps')
  async apps(@CurrentActor() actor: Actor, @Req() req: WebRequest, @Res() res: Response) {
    const apps = await this.connectedApps.list(actor);
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
    @CurrentActor() actor: Actor,
    @Req() req: WebRequest,
    @Res() res: Response,
    @Body(formBody(disconnectForm)) { clientId }: DisconnectForm,
  ) {
    if (!clientId) throw new NotFoundError('No such app.');
    await this.connectedApps.disconnect(actor, clientId);
    await this.flash.redirect(req, res, '/account/apps', disconnected);
  }

  @Get('accounts/:accountKey/keys')
  async memberKeys(
    @CurrentActor() actor: Actor,
    @Req() req: WebRequest,
    @Res() res: Response,
    @PathParam('accountKey', publicKeySchema, 'not_found') accountKey: string,
  ) {
    const { account, keys } = await this.pages.memberKeys(actor, accountKey);
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
    @CurrentActor() actor: Actor,
    @Req() req: WebRequest,
    @Res() res: Response,
    @PathParam('accountKey', publicKeySchema, 'not_found') accountKey: string,
    @PathParam('key', publicKeySchema, 'not_found') key: string,
  ) {
    await this.pages.revokeMemberKey(actor, accountKey, key);
    await this.flash.redirect(req, res, `/account/accounts/${encodeURIComponent(accountKey)}/keys`, revoked);
  }

  private renderKeys(res: Response, actor: Actor, page: KeysPage, state: KeysPageState, status?: number) {
    this.render(
      res,
      actor,
      'account/keys',
      {
        title: 'API keys',
        nav: 'keys',
        keys: page.keys,
        accounts: page.accounts,
        scopeDescriptions,
        form: state.form ?? { name: '', scopes: ['list:project'], accountKey: '' },
        errors: state.errors ?? {},
        created: state.created ?? null,
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
