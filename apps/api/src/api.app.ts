import { type AppConfig } from '#folio/config';
import { createHttpApp, securityHeaders } from '#folio/http';
import { ApiModule } from './api.module.js';
import { allowedOrigins, mcpPath, mcpRequestGate } from './mcp/mcp-request-gate.js';
import { mountApiDocs } from './openapi.js';
import { templateBodyParser, templateBodyPath } from './templates/template-body-parser.js';

export async function createApiApp(config: AppConfig, jobs: 'producer' | 'worker' = 'producer') {
  const app = await createHttpApp(ApiModule.forRoot(config, jobs), {
    config,
    // Pages with design content (sites, the editor) and the embed script set their own policies.
    helmet: securityHeaders(config.publicBaseUrl),
    beforeBodyParsers: (app) => {
      // The MCP endpoint parses its own body: its limit and errors are JSON-RPC answers.
      app.use(mcpPath, mcpRequestGate(allowedOrigins(config.publicBaseUrl, config.mcpAllowedOrigins)));
      app.use(templateBodyPath, templateBodyParser);
    },
  });
  mountApiDocs(app, config);
  return app;
}
