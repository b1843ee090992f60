import { type AppConfig } from '#folio/config';
import { createHttpApp } from '#folio/http';
import { AuthModule } from './auth.module.js';

export function createAuthApp(config: AppConfig) {
  return createHttpApp(AuthModule.forRoot(config));
}
