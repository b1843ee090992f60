import { Body, Controller, Get, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { ConflictError, InvalidInputError, UnauthenticatedError } from '#folio/errors';
import { minPasswordLength, UserService } from '#folio/identity';
import { CsrfGuard, formBody, SessionCookies, ViewRenderer, type WebRequest } from '#folio/page-kit';
import { LoginThrottleGuard, PasswordLogin } from '../web/login-throttle.js';
import { safeNext } from '../web/safe-next.js';
import { type LoginForm, loginForm, type SignUpForm, signUpForm } from './account.dto.js';

const notices: Record<string, string> = { 'signed-out': 'You have logged out.' };

/** Log in, sign up, log out. */
@Controller()
@UseGuards(CsrfGuard)
export class SignInController {
  constructor(
    private readonly users: UserService,
    private readonly passwordLogin: PasswordLogin,
    private readonly cookies: SessionCookies,
    private readonly views: ViewRenderer,
  ) {}

  @Get('login')
  loginPage(
    @Req() req: WebRequest,
    @Res() res: Response,
    @Query('next') next?: string,
    @Query('notice') notice?: string,
  ): void {
    if (req.actor) return res.redirect(303, safeNext(next));
    this.views.render(res, 'login', {
      action: '/login',
      email: '',
      error: null,
      next: safeNext(next),
      notice: notice ? (notices[notice] ?? null) : null,
    });
  }

  @Post('login')
  @UseGuards(LoginThrottleGuard)
  async login(@Req() req: WebRequest, @Res() res: Response, @Body(formBody(loginForm)) form: LoginForm) {
    try {
      const actor = await this.passwordLogin.authenticate(req, form.email, form.password);
      await this.cookies.signIn(req, res, actor);
      res.redirect(303, form.next);
    } catch (error) {
      if (!(error instanceof UnauthenticatedError)) throw error;
      this.views.render(
        res,
        'login',
        { action: '/login', email: form.email, error: error.message, next: form.next },
        { status: 400 },
      );
    }
  }

  @Get('signup')
  signUpPage(@Req() req: WebRequest, @Res() res: Response, @Query('next') next?: string): void {
    if (req.actor) return res.redirect(303, safeNext(next));
    this.views.render(res, 'signup', {
      form: { name: '', email: '' },
      errors: {},
      next: safeNext(next),
      minPasswordLength,
    });
  }

  @Post('signup')
  async signUp(@Req() req: WebRequest, @Res() res: Response, @Body(formBody(signUpForm)) form: SignUpForm) {
    try {
      const actor = await this.users.signUp(form);
      await this.cookies.signIn(req, res, actor);
      res.redirect(303, form.next);
    } catch (error) {
      let errors: Record<string, string>;
      let status: number;
      if (error instanceof InvalidInputError) {
        errors = Object.fromEntries(error.problems.map((p) => [p.path, p.message]));
        status = 400;
      } else if (error instanceof ConflictError) {
        errors = { email: error.message };
        status = 409;
      } else throw error;
      this.views.render(
        res,
        'signup',
        { form: { name: form.name, email: form.email }, errors, next: form.next, minPasswordLength },
        { status },
      );
    }
  }

  @Post('logout')
  async logout(@Req() req: WebRequest, @Res() res: Response): Promise<void> {
    await this.cookies.signOut(req, res);
    res.redirect(303, '/login?notice=signed-out');
  }
}
