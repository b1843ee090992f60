import { type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import { IdentityModule } from '#folio/identity';
import { CurrentActorMiddleware } from '#folio/page-kit';
import { AuthPagesModule } from './auth-pages.js';
import { LoginThrottleGuard, PasswordLogin } from './login-throttle.js';

/**
 * What every server-rendered page of apps/auth shares: the page kit (views and stylesheet, CSRF, the
 * session cookie, the login guard, the error pages) with `req.actor` resolved on every request, and the
 * login throttle and password login.
 */
@Module({
  imports: [IdentityModule, AuthPagesModule],
  providers: [LoginThrottleGuard, PasswordLogin],
  exports: [AuthPagesModule, LoginThrottleGuard, PasswordLogin, IdentityModule],
})
export class WebModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(CurrentActorMiddleware).forRoutes('*');
  }
}
