import { type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import { IdentityModule } from '#folio/identity';
import { AssetsController } from './assets.controller.js';
import { CsrfGuard, CsrfService } from './csrf.js';
import { CurrentUserMiddleware, SessionCookies, SessionGuard } from './current-user.js';
import { LoginThrottleGuard } from './login-throttle.js';
import { PageExceptionFilter } from './page-exception.filter.js';
import { ViewRenderer } from './view-renderer.js';

/**
 * What every server-rendered page of apps/auth shares: views and stylesheet, CSRF, the session cookie
 * (`req.user` on every request), the login guard and the login throttle, the error pages.
 */
@Module({
  imports: [IdentityModule],
  controllers: [AssetsController],
  providers: [
    ViewRenderer,
    CsrfService,
    CsrfGuard,
    SessionCookies,
    SessionGuard,
    CurrentUserMiddleware,
    LoginThrottleGuard,
    PageExceptionFilter,
  ],
  exports: [
    ViewRenderer,
    CsrfService,
    CsrfGuard,
    SessionCookies,
    SessionGuard,
    LoginThrottleGuard,
    PageExceptionFilter,
    IdentityModule,
  ],
})
export class WebModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(CurrentUserMiddleware).forRoutes('*');
  }
}
