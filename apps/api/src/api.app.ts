import { type AppConfig } from '#folio/config';
import { createHttpApp } from '#folio/http';
import { ApiModule } from './api.module.js';

export function createApiApp(config: AppConfig) {
  return createHttpApp(ApiModule.forRoot(config));
}
