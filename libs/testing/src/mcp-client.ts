// Real MCP clients for tests: the official SDK client over Streamable HTTP, and raw JSON-RPC POSTs.
import {
  Client,
  type ClientCapabilities,
  StreamableHTTPClientTransport,
  type OAuthClientProvider,
} from '@modelcontextprotocol/client';

export type McpEra = 'legacy' | 'modern';

/** What `tools/list` names, in its order: every spec that lists the tools expects these. */
export const mcpToolNames = [
  'find_projects',
  'get_embed_code',
  'get_project_sections',
  'list_libraries',
  'create_project',
  'create_page',
  'edit_project',
  'publish_project',
  'check_implementation',
  // ChatGPT's deep research and company knowledge call these two only.
  'search',
  'fetch',
  // The MCP Apps views' own tools, marked app-only, after the agents' tools.
  'preview_page',
  'preview_embed',
] as const;

export interface McpClientOptions {
  /** An API key sent as `x-service-key` (default) or `Authorization: Bearer`. */
  key?: string;
  header?: 'x-service-key' | 'bearer';
  /** `legacy`: the 2025 handshake (the SDK default); `modern`: pinned to 2026-07-28. */
  era?: McpEra;
  authProvider?: OAuthClientProvider;
  /** What the client declares it can do (elicitation, sampling); none by default. */
  capabilities?: ClientCapabilities;
}

export async function connectMcpClient(baseUrl: string, options: McpClientOptions): Promise<Client> {
  const headers: Record<string, string> = {};
  if (options.key) {
    if (options.header === 'bearer') headers.authorization = `Bearer ${options.key}`;
    else headers['x-service-key'] = options.key;
  }
  const client = new Client(
    { name: 'folio-tests', version: '1.0.0' },
    {
      capabilities: options.capabilities,
      ...(options.era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {}),
    },
  );
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/v2/mcp`), {
    requestInit: { headers },
    authProvider: options.authProvider,
  });
  await client.connect(transport);
  return client;
}

/** A raw POST to the MCP endpoint, as a script or the seed's connection test sends it. */
export function postMcp(
  baseUrl: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${baseUrl}/v2/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
