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

export function protectedResourceMetadata(base: string): ProtectedResourceMetadata {
  return {
    resource: `${base}${mcpPath}`,
    authorization_servers: [base],
    scopes_supported: [...scopes],
    bearer_methods_supported: ['header'],
    resource_name: 'Folio MCP server',
  };
}
