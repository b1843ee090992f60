import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
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

function protectedResourceMetadata(base: string): ProtectedResourceMetadata {
  return {
    resource: `${base}${mcpPath}`,
    authorization_servers: [base],
    scopes_supported: [...scopes],
    bearer_methods_supported: ['header'],
    resource_name: 'Folio MCP server',
  };
}

/** Served at the path form RFC 9728 derives from `<base>/v2/mcp`, and at the root form some clients probe. */
@ApiTags('MCP')
@Controller('.well-known/oauth-protected-resource')
export class ProtectedResourceController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get(['', 'v2/mcp'])
  @Header('Cache-Control', 'public, max-age=3600')
  @Header('Access-Control-Allow-Origin', '*')
  @ApiOperation({
    summary: 'Discover how to get a key for the MCP endpoint',
    description:
      'OAuth 2.0 protected resource metadata (RFC 9728) of `/v2/mcp`: the authorization server an MCP client ' +
      'registers with and the scopes it can ask for. The 401 and 403 challenges of every authenticated route ' +
      'point here in `resource_metadata`. Served at the path form and at the root form; CORS allows any origin.',
  })
  @ApiOkResponse({
    description: 'The metadata, cacheable for an hour.',
    example: protectedResourceMetadata('https://folio.example.com'),
  })
  metadata(): ProtectedResourceMetadata {
    return protectedResourceMetadata(this.config.publicBaseUrl);
  }
}
