import cookieParser from 'cookie-parser';
import { type AppConfig } from '#folio/config';
import { createHttpApp } from '#folio/http';
import { AuthModule } from './auth.module.js';
import { mountOidcProvider } from './oidc/oidc.module.js';
import { authHelmetOptions, keepOpenerOnAuthorizationPages } from './web/csp.js';

export async function createAuthApp(config: AppConfig) {
  const app = await createHttpApp(AuthModule.forRoot(config), {
    // CSP: scripts only with the response's nonce; forms post to this origin (web/csp.ts widens it per page).
    helmet: authHelmetOptions(config),
    beforeBodyParsers: (app) => {
      app.use(keepOpenerOnAuthorizationPages);
      mountOidcProvider(app);
    },
  });
  app.use(cookieParser());
  return app;
}
