import cookieParser from 'cookie-parser';
import { type AppConfig } from '#folio/config';
import { createHttpApp } from '#folio/http';
import { AuthModule } from './auth.module.js';
import { mountOidcProvider } from './oidc/oidc.module.js';
import { pageHelmetOptions } from '#folio/page-kit';
import { keepOpenerOnAuthorizationPages } from './web/opener-policy.js';

export async function createAuthApp(config: AppConfig) {
  const app = await createHttpApp(AuthModule.forRoot(config), {
    config,
    // CSP: scripts only with the response's nonce; forms post to this origin (allowFormActions widens it per page).
    helmet: pageHelmetOptions(config),
    beforeBodyParsers: (app) => {
      app.use(keepOpenerOnAuthorizationPages);
      mountOidcProvider(app);
    },
  });
  app.use(cookieParser());
  return app;
}
