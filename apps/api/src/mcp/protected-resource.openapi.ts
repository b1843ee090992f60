// OpenAPI documentation of ProtectedResourceController.
import { applyDecorators } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { protectedResourceMetadata } from './protected-resource-metadata.js';

export function ApiDiscoverMcpAuthorization() {
  return applyDecorators(
    ApiOperation({
      summary: 'Discover how to get a key for the MCP endpoint',
      description:
        'OAuth 2.0 protected resource metadata (RFC 9728) of `/v2/mcp`: the authorization server an MCP client ' +
        'registers with and the scopes it can ask for. The 401 and 403 challenges of every authenticated route ' +
        'point here in `resource_metadata`. Served at the path form and at the root form; CORS allows any origin.',
    }),
    ApiOkResponse({
      description: 'The metadata, cacheable for an hour.',
      example: protectedResourceMetadata('https://folio.example.com'),
    }),
  );
}
