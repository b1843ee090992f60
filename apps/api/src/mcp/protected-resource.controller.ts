import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { type ProtectedResourceMetadata, protectedResourceMetadata } from './protected-resource-metadata.js';
import { ApiDiscoverMcpAuthorization } from './protected-resource.openapi.js';

/** Served at the path form RFC 9728 derives from `<base>/v2/mcp`, and at the root form some clients probe. */
@ApiTags('MCP')
@Controller('.well-known/oauth-protected-resource')
export class ProtectedResourceController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get(['', 'v2/mcp'])
  @Header('Cache-Control', 'public, max-age=3600')
  @Header('Access-Control-Allow-Origin', '*')
  @ApiDiscoverMcpAuthorization()
  metadata(): ProtectedResourceMetadata {
    return protectedResourceMetadata(this.config.publicBaseUrl);
  }
}
