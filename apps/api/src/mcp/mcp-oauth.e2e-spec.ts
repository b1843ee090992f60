import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  type OAuthClientInformationMixed,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type OAuthTokens,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import {
  authorizeInBrowser,
  BrowserClient,
  connectMcpClient,
  mcpToolNames,
  newLibrary,
  newProject,
  newUser,
  startTestApp,
  type TestApp,
  type TestProject,
  type TestUser,
} from '#folio/testing';

// A connector's whole journey with the official SDK client and its OAuth provider interface: the 401
// challenge, discovery, dynamic registration, PKCE, login and consent in a browser, the token exchange,
// and then MCP calls with the issued key.

const redirectUri = 'https://connector.example/callback';

/** An in-memory OAuthClientProvider whose "redirect" is recorded for the test's browser to follow. */
class RecordingProvider implements OAuthClientProvider {
  authorizationUrl: URL | null = null;
  private client?: OAuthClientInformationMixed;
  private issued?: OAuthTokens;
  private verifier = '';
  private discovery?: OAuthDiscoveryState;

  get redirectUrl() {
    return redirectUri;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'SDK Connector',
      redirect_uris: [redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      scope: 'list:project create:project edit:project',
    };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(client: OAuthClientInformationMixed) {
    this.client = client;
  }
  tokens() {
    return this.issued;
  }
  saveTokens(tokens: OAuthTokens) {
    this.issued = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  saveDiscoveryState(state: OAuthDiscoveryState) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery;
  }
}

describe('MCP with an OAuth-issued key (SDK client OAuth flow)', () => {
  let app: TestApp;
  let owner: TestUser;
  let project: TestProject;
  let base: string;

  beforeAll(async () => {
    app = await startTestApp({ app: 'standalone', ownAddress: true });
    owner = await newUser(app, { password: 'oauth-mcp-password' });
    project = await newProject(app, owner, {
      title: 'Lighthouse Bakery',
      pages: [{ sections: [{ title: 'Welcome' }, { title: 'Menu' }] }],
    });
    await newLibrary(app);
    base = app.config.publicBaseUrl;
  });

  afterAll(() => app?.close());

  /**
   * What a connector does on its first call: the SDK meets the 401, discovers, registers and sends the
   * person to authorize; the test's browser logs in and consents; the SDK redeems the code.
   */
  async function connectThroughOAuth(consent: 'allow' | 'allow-list-only') {
    const provider = new RecordingProvider();
    const transport = new StreamableHTTPClientTransport(new URL(`${base}/v2/mcp`), {
      authProvider: provider,
    });
    await expect(connectMcpClient(base, { authProvider: provider })).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    const callback = await authorizeInBrowser(
      new BrowserClient(),
      provider.authorizationUrl!.href,
      redirectUri,
      {
        email: owner.email,
        password: owner.password,
        consent,
      },
    );
    await transport.finishAuth(callback.searchParams);
    return provider;
  }

  it('discovers, registers, authorizes with consent, and calls every tool with the issued key', async () => {
    const provider = await connectThroughOAuth('allow');
    expect(provider.clientInformation()?.client_id).toBeTruthy();
    expect(provider.authorizationUrl?.searchParams.get('code_challenge_method')).toBe('S256');
    expect(provider.authorizationUrl?.searchParams.get('resource')).toBe(`${base}/v2/mcp`);
    const token = provider.tokens()!.access_token;
    expect(token).toMatch(/^folio_at_/);

    const client = await connectMcpClient(base, { authProvider: provider });
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(mcpToolNames);
      const calls: [string, Record<string, unknown>][] = [
        ['find_projects', { ids: [project.projectKey] }],
        ['get_embed_code', { projectKey: project.projectKey }],
        ['get_project_sections', { projectKey: project.projectKey, includeCss: false }],
        ['list_libraries', { projectKey: project.projectKey }],
        ['create_project', { title: 'Made by the Zanzibar connector' }],
        ['search', { query: 'coffee' }],
        ['fetch', { id: project.projectKey }],
        ['publish_project', { projectKey: project.projectKey, destination: 'site' }],
        ['preview_page', { projectKey: project.projectKey }],
      ];
      for (const [name, args] of calls) {
        const result = await client.callTool({ name, arguments: args });
        expect({ name, isError: result.isError ?? false }).toEqual({ name, isError: false });
      }
      const found = await client.callTool({ name: 'find_projects', arguments: { search: 'zanzibar' } });
      expect(found.structuredContent).toMatchObject({
        projects: [{ title: 'Made by the Zanzibar connector' }],
      });
    } finally {
      await client.close();
    }
  });

  it('a connection authorized with list:project only gets an error naming create:project from the create tools', async () => {
    const provider = await connectThroughOAuth('allow-list-only');
    const key = provider.tokens()!.access_token;

    const readOnly = await connectMcpClient(base, { key, header: 'bearer' });
    try {
      expect((await readOnly.callTool({ name: 'find_projects', arguments: {} })).isError ?? false).toBe(
        false,
      );
      const refusal = await readOnly
        .callTool({ name: 'create_page', arguments: { projectKey: project.projectKey } })
        .then(
          () => null,
          (error: Error) => error,
        );
      expect(refusal?.message).toContain('create:project');
    } finally {
      await readOnly.close();
    }
  });
});
