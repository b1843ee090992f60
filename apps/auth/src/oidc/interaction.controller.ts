import {
  BadRequestException,
  Body,
  Controller,
  Get,
  Inject,
  Post,
  Req,
  Res,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import { type Response } from 'express';
import type Provider from 'oidc-provider';
import { errors, type InteractionResults } from 'oidc-provider';
import { UnauthenticatedError } from '#folio/errors';
import {
  allowFormActions,
  CsrfGuard,
  formBody,
  PageErrorFilter,
  SessionCookies,
  ViewRenderer,
  type WebRequest,
} from '#folio/page-kit';
import { LoginThrottleGuard, PasswordLogin } from '../web/login-throttle.js';
import { ConsentService, type InteractionDetails as Details } from './consent.service.js';
import {
  type ConsentForm,
  consentForm,
  type InteractionLoginForm,
  interactionLoginForm,
} from './interaction.dto.js';
import { asksForFreshLogin } from './login-prompt.js';
import { OIDC_PROVIDER } from './oidc-provider.token.js';

/**
 * The person's side of an authorization request: log in (unless already signed in to Folio), then
 * allow or deny the client's scopes. Each step ends by handing the result back to oidc-provider.
 */
@Controller('interaction/:uid')
@UseFilters(PageErrorFilter)
export class InteractionController {
  constructor(
    @Inject(OIDC_PROVIDER) private readonly provider: Provider,
    private readonly views: ViewRenderer,
    private readonly passwordLogin: PasswordLogin,
    private readonly sessions: SessionCookies,
    private readonly consent: ConsentService,
  ) {}

  @Get()
  async show(@Req() req: WebRequest, @Res() res: Response) {
    const details = await this.details(req, res);
    if (details.prompt.name === 'login') {
      if (req.actor && !asksForFreshLogin(details.params))
        return this.finish(req, res, { login: { accountId: req.actor.userId } });
      return this.renderLogin(res, details);
    }
    if (details.prompt.name === 'consent') return this.renderConsent(res, details);
    throw new BadRequestException('This step of the sign-in is not supported.');
  }

  @Post('login')
  @UseGuards(CsrfGuard, LoginThrottleGuard)
  async login(
    @Req() req: WebRequest,
    @Res() res: Response,
    @Body(formBody(interactionLoginForm)) form: InteractionLoginForm,
  ) {
    const details = await this.details(req, res, 'login');
    const { email, password } = form;
    try {
      const actor = await this.passwordLogin.authenticate(req, email, password);
      await this.sessions.signIn(req, res, actor);
      return this.finish(req, res, { login: { accountId: actor.userId } });
    } catch (error) {
      if (!(error instanceof UnauthenticatedError)) throw error;
      return this.renderLogin(res, details, { email, error: error.message }, 401);
    }
  }

  @Post('confirm')
  @UseGuards(CsrfGuard)
  async confirm(
    @Req() req: WebRequest,
    @Res() res: Response,
    @Body(formBody(consentForm)) form: ConsentForm,
  ) {
    const details = await this.details(req, res, 'consent');
    const granted = await this.consent.grant(details, form.ticked);
    if ('error' in granted) {
      return this.finish(req, res, { error: 'invalid_request', error_description: granted.error }, false);
    }
    return this.finish(req, res, { consent: { grantId: granted.grantId } });
  }

  @Post('abort')
  @UseGuards(CsrfGuard)
  async abort(@Req() req: WebRequest, @Res() res: Response) {
    await this.details(req, res, 'consent');
    return this.finish(
      req,
      res,
      { error: 'access_denied', error_description: 'The person declined the request.' },
      false,
    );
  }

  private async details(req: WebRequest, res: Response, expected?: 'login' | 'consent'): Promise<Details> {
    try {
      const details = await this.provider.interactionDetails(req, res);
      if (expected && details.prompt.name !== expected) {
        throw new BadRequestException('This form is out of date. Go back to the app and connect again.');
      }
      const redirectOrigin = URL.parse(String(details.params.redirect_uri ?? ''))?.origin;
      // The consent POST is answered with a redirect to the client; browsers apply form-action to it.
      if (redirectOrigin) allowFormActions(res, [redirectOrigin]);
      return details;
    } catch (error) {
      if (error instanceof errors.OIDCProviderError) {
        throw new BadRequestException(
          'This sign-in link has expired or was already used. Go back to the app and connect again.',
        );
      }
      throw error;
    }
  }

  private async finish(req: WebRequest, res: Response, result: InteractionResults, merge = true) {
    await this.provider.interactionFinished(req, res, result, { mergeWithLastSubmission: merge });
  }

  private async renderLogin(
    res: Response,
    details: Details,
    data: Record<string, unknown> = {},
    status?: number,
  ) {
    const client = await this.consent.client(details);
    this.views.render(
      res,
      'login',
      {
        action: `/interaction/${details.uid}/login`,
        title: `Log in to connect ${client.name}`,
        heading: 'Log in to continue',
        intro: `${client.name} wants to connect to your Folio account. Log in first; you will choose what it may do next.`,
        signupHref: '/signup',
        ...data,
      },
      { status },
    );
  }

  private async renderConsent(res: Response, details: Details) {
    const client = await this.consent.client(details);
    this.views.render(res, 'consent', {
      title: `Allow ${client.name}?`,
      uid: details.uid,
      client,
      scopes: this.consent.offeredScopes(details),
      accountEmail: (res.req as WebRequest).actor?.email ?? null,
    });
  }
}
