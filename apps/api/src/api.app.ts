import { type AppConfig } from '#folio/config';
import { createHttpApp } from '#folio/http';
import { ApiModule } from './api.module.js';
import { allowedOrigins, mcpPath, mcpRequestGate } from './mcp/mcp-request-gate.js';

export function createApiApp(config: AppConfig) {
  return createHttpApp(ApiModule.forRoot(config), {
    // The MCP endpoint parses its own body: its limit and errors are JSON-RPC answers.
    beforeBodyParsers: (app) =>
      app.use(mcpPath, mcpRequestGate(allowedOrigins(config.publicBaseUrl, config.mcpAllowedOrigins))),
  });
}
