import { Controller, Get, Header, Inject } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { scopes } from '#folio/identity';
import { mcpPath } from './mcp-request-gate.js';

/** RFC 9728 protected resource metadata of the MCP endpoint: where a connector gets a key for it. */
export interface ProtectedResourceMetadata {
  resource: string;
  authorization_servers: string[];
  scopes_supported: string[];
  bearer_methods_supported: string[];
  resource_name: string;
}

/** Served at the path form RFC 9728 derives from `<base>/v2/mcp`, and at the root form some clients probe. */
@Controller('.well-known/oauth-protected-resource')
export class ProtectedResourceController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get(['', 'v2/mcp'])
  @Header('Cache-Control', 'public, max-age=3600')
  @Header('Access-Control-Allow-Origin', '*')
  metadata(): ProtectedResourceMetadata {
    const base = this.config.publicBaseUrl;
    return {
      resource: `${base}${mcpPath}`,
      authorization_servers: [base],
      scopes_supported: [...scopes],
      bearer_methods_supported: ['header'],
      resource_name: 'Folio MCP server',
    };
  }
}
