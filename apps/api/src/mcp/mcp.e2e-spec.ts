import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Client } from '@modelcontextprotocol/client';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';
import { type PrismaClient } from '#folio/db';
import { type Scope } from '#folio/identity';
import { type DemoCredentials } from '#folio/seed';
import {
  demoPerson,
  type McpEra,
  mcpToolNames,
  newApiKey,
  postMcp,
  startTestApp,
  type TestApp,
} from '#folio/testing';

// The MCP server end to end: the official SDK client (both protocol eras) and raw JSON-RPC POSTs
// against the standalone process, on the demo data: what HTTP adds to the tools (eras, authentication,
// scope challenges, transport rules). What the tools answer is checked in process (mcp-tools.e2e-spec.ts
// and the specs of each tool).

const appOnlyTools = new Set(['preview_page', 'preview_embed']);

describe('MCP server (POST /v2/mcp)', () => {
  let app: TestApp;
  let prisma: PrismaClient;
  let base: string;
  let demo: DemoCredentials;

  beforeAll(async () => {
    app = await startTestApp({ app: 'standalone', demo: true, ownAddress: true });
    ({ prisma, baseUrl: base } = app);
    demo = app.demo!;
  });

  afterAll(() => app?.close());

  const connect = (
    key: string,
    era: McpEra = 'legacy',
    header: 'x-service-key' | 'bearer' = 'x-service-key',
  ) => app.connectMcp({ key, era, header });

  const keyFor = async (who: 'owner' | 'viewer', scopes: Scope[]) =>
    (await newApiKey(app, await demoPerson(app, who), { scopes })).text;

  async function call(client: Client, name: string, args: Record<string, unknown>) {
    return client.callTool({ name, arguments: args });
  }

  const textOf = (result: Awaited<ReturnType<Client['callTool']>>) =>
    (result.content as { type: string; text: string }[]).map((block) => block.text).join('\n');

  describe.each<McpEra>(['legacy', 'modern'])('through the SDK client (%s era)', (era) => {
    it('lists the agents’ tools and the two app-only ones, each with a title, a description, schemas and annotations, then calls each one; every result validates against its output schema', async () => {
      const client = await connect(demo.apiKey, era);
      const list = await client.listTools();
      const { tools } = list;
      expect(tools.map((tool) => tool.name)).toEqual(mcpToolNames);
      // What an agent pays for the list on every turn: at most 20 KiB with every agent tool, without
      // meaningless bounds.
      const listed = JSON.stringify(list);
      expect(Buffer.byteLength(listed)).toBeLessThanOrEqual(20 * 1024);
      expect(listed).not.toContain('9007199254740991');
      expect(listed).not.toContain('$schema');
      // The MCP Apps views (mcp-apps.e2e-spec.ts reads them).
      expect((await client.listResources()).resources).toHaveLength(4);
      for (const tool of tools) {
        expect(tool.description).toBeTruthy();
        if (appOnlyTools.has(tool.name)) continue; // Checked in mcp-apps.e2e-spec.ts.
        expect(tool.title).toBeTruthy();
        expect(tool.description!.length).toBeGreaterThan(80);
        expect(tool.inputSchema.type).toBe('object');
        expect(tool.outputSchema?.type).toBe('object');
        expect(tool.annotations?.readOnlyHint ?? false).toBe(!/^(create|edit|publish)_/.test(tool.name));
      }

      const northwind = demo.projects.find((p) => p.title.startsWith('Northwind'))!;
      const validator = new AjvJsonSchemaValidator();
      const results: Record<string, Record<string, unknown>> = {};
      const argsByTool: Record<string, Record<string, unknown>> = {
        find_projects: { search: 'northw' },
        get_embed_code: { projectKey: northwind.key, containerMode: true },
        get_project_sections: { projectKey: northwind.key, includeHtml: true },
        list_libraries: {},
        create_project: { title: `Spring launch (${era})`, preset: 'mobile' },
        search: { query: 'northw' },
        fetch: { id: northwind.key },
      };
      for (const name of Object.keys(argsByTool)) {
        const result = await call(client, name, argsByTool[name]);
        expect({
          name,
          isError: result.isError ?? false,
          text: result.isError ? textOf(result) : '',
        }).toEqual({
          name,
          isError: false,
          text: '',
        });
        expect(JSON.parse(textOf(result))).toEqual(result.structuredContent);
        const schema = tools.find((tool) => tool.name === name)!.outputSchema!;
        const verdict = validator.getValidator(schema)(result.structuredContent);
        expect({ name, error: verdict.errorMessage }).toEqual({ name, error: undefined });
        results[name] = result.structuredContent as Record<string, unknown>;
      }
      const created = results.create_project as {
        projectKey: string;
        homePageKey: string;
        editorUrl: string;
      };
      const page = await call(client, 'create_page', { projectKey: created.projectKey });
      expect(page.isError ?? false).toBe(false);
      expect(validator.getValidator(tools[5].outputSchema!)(page.structuredContent).valid).toBe(true);

      expect((results.find_projects.projects as { projectKey: string }[])[0].projectKey).toBe(northwind.key);
      expect(results.get_embed_code).toMatchObject({
        projectKey: northwind.key,
        scriptTag: expect.stringContaining(`/embed/${northwind.key}/`),
        readiness: { ready: true },
      });
      expect(results.get_project_sections).toMatchObject({ projectKey: northwind.key });
      expect(results.list_libraries.libraries).toEqual(
        expect.arrayContaining([expect.objectContaining({ title: 'Folio Starter', ownership: 'public' })]),
      );
      expect(results.search.results).toEqual([expect.objectContaining({ id: northwind.key })]);
      expect(results.fetch).toMatchObject({ id: northwind.key, metadata: { truncated: false } });
      expect(created.editorUrl).toBe(`${base}/editor/${created.projectKey}/${created.homePageKey}`);
      expect(page.structuredContent).toMatchObject({ title: 'Untitled' });

      const edited = await call(client, 'edit_project', {
        projectKey: created.projectKey,
        changes: [{ op: 'setPageMeta', pageKey: created.homePageKey, description: 'Spring menu' }],
      });
      expect(edited.isError ?? false).toBe(false);
      const editSchema = tools.find((tool) => tool.name === 'edit_project')!.outputSchema!;
      expect(validator.getValidator(editSchema)(edited.structuredContent).valid).toBe(true);

      const asked = await call(client, 'publish_project', {
        projectKey: created.projectKey,
        destination: 'site',
      });
      expect(asked.isError ?? false).toBe(false);
      const askSchema = tools.find((tool) => tool.name === 'publish_project')!.outputSchema!;
      expect(validator.getValidator(askSchema)(asked.structuredContent).valid).toBe(true);
    });
  });

  it('answers the seed connection test: a bare tools/list, no initialize, JSON only, with either header form', async () => {
    const credentials: Record<string, string>[] = [
      { 'x-service-key': demo.apiKey },
      { authorization: `Bearer ${demo.apiKey}` },
    ];
    for (const headers of credentials) {
      const response = await postMcp(base, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, headers);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const body = (await response.json()) as { id: number; result: { tools: { name: string }[] } };
      expect(body.id).toBe(1);
      expect(body.result.tools.map((tool) => tool.name)).toEqual(mcpToolNames);
    }
  });

  it('serves 2025-06-18 and 2025-11-25 clients that send initialize, then calls in separate requests', async () => {
    for (const protocolVersion of ['2025-06-18', '2025-11-25']) {
      const headers = { 'x-service-key': demo.apiKey, accept: 'application/json, text/event-stream' };
      const init = await postMcp(
        base,
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
        },
        headers,
      );
      expect(init.status).toBe(200);
      expect(((await init.json()) as { result: { protocolVersion: string } }).result.protocolVersion).toBe(
        protocolVersion,
      );
      const call = await postMcp(
        base,
        { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'list_libraries', arguments: {} } },
        { ...headers, 'mcp-protocol-version': protocolVersion },
      );
      expect(call.status).toBe(200);
      const body = (await call.json()) as { result: { structuredContent: { libraries: unknown[] } } };
      expect(body.result.structuredContent.libraries.length).toBeGreaterThan(0);
    }
  });

  describe('authentication', () => {
    const metadata = () => `${base}/.well-known/oauth-protected-resource/v2/mcp`;
    const listTools = { jsonrpc: '2.0', id: 1, method: 'tools/list' };

    it('answers 401 with a Bearer challenge naming the resource metadata, without and with a bad key', async () => {
      const missing = await postMcp(base, listTools);
      expect(missing.status).toBe(401);
      expect(missing.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${metadata()}"`);
      const invalid = await postMcp(base, listTools, { authorization: `Bearer folio_sk_${'x'.repeat(40)}` });
      expect(invalid.status).toBe(401);
      expect(invalid.headers.get('www-authenticate')).toBe(
        `Bearer error="invalid_token", resource_metadata="${metadata()}"`,
      );
    });

    it('publishes protected resource metadata at the path and root forms', async () => {
      for (const path of [
        '/.well-known/oauth-protected-resource/v2/mcp',
        '/.well-known/oauth-protected-resource',
      ]) {
        const response = await fetch(`${base}${path}`);
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({
          resource: `${base}/v2/mcp`,
          authorization_servers: [base],
          scopes_supported: ['list:project', 'create:project', 'edit:project'],
          bearer_methods_supported: ['header'],
          resource_name: 'Folio MCP server',
        });
      }
      const as = (await (await fetch(`${base}/.well-known/oauth-authorization-server`)).json()) as {
        issuer: string;
      };
      expect(as.issuer).toBe(base);
    });

    it('refuses a create tool to a list-only key with 403, an insufficient_scope challenge and a JSON-RPC error naming the scope', async () => {
      const key = await keyFor('owner', ['list:project']);
      const before = await prisma.project.count();
      const response = await postMcp(
        base,
        {
          jsonrpc: '2.0',
          id: 7,
          method: 'tools/call',
          params: { name: 'create_project', arguments: { title: 'x' } },
        },
        { 'x-service-key': key },
      );
      expect(response.status).toBe(403);
      expect(response.headers.get('www-authenticate')).toBe(
        `Bearer error="insufficient_scope", scope="list:project create:project", resource_metadata="${metadata()}"`,
      );
      const body = (await response.json()) as { id: number; error: { message: string } };
      expect(body.id).toBe(7);
      expect(body.error.message).toContain('create:project');
      expect(await prisma.project.count()).toBe(before);

      const client = await connect(key);
      expect((await call(client, 'find_projects', {})).isError ?? false).toBe(false);
    });
  });

  describe('transport rules', () => {
    const headers = () => ({ 'x-service-key': demo.apiKey });

    it('answers GET and DELETE with 405', async () => {
      for (const method of ['GET', 'DELETE']) {
        const response = await fetch(`${base}/v2/mcp`, { method, headers: headers() });
        expect(response.status).toBe(405);
        expect(response.headers.get('allow')).toBe('POST');
      }
    });

    it('refuses a foreign Origin with 403 and accepts its own', async () => {
      const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
      expect((await postMcp(base, list, { ...headers(), origin: 'https://evil.example' })).status).toBe(403);
      const own = await postMcp(base, list, { ...headers(), origin: new URL(base).origin });
      expect(own.status).toBe(200);
      expect(own.headers.get('access-control-allow-origin')).toBe(new URL(base).origin);
      const preflight = await fetch(`${base}/v2/mcp`, {
        method: 'OPTIONS',
        headers: {
          origin: new URL(base).origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type, x-service-key',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-headers')).toContain('x-service-key');
    });

    it('answers a body over 1 MiB with 413 and malformed JSON with a parse error', async () => {
      const huge = JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'find_projects', arguments: { search: 'x'.repeat(1024 * 1024) } },
      });
      const tooLarge = await postMcp(base, huge, headers());
      expect(tooLarge.status).toBe(413);
      expect(((await tooLarge.json()) as { error: { code: number } }).error.code).toBe(-32600);
      const malformed = await postMcp(base, '{"jsonrpc": "2.0", "id": 1,', headers());
      expect(malformed.status).toBe(400);
      expect(((await malformed.json()) as { error: { code: number } }).error.code).toBe(-32700);
    });

    it('lets one check_implementation call with credentials carry up to 8 MiB, and nothing else over 1 MiB', async () => {
      const checkOf = (bytes: number) =>
        JSON.stringify({
          jsonrpc: '2.0',
          id: 2,
          method: 'tools/call',
          params: {
            name: 'check_implementation',
            arguments: {
              projectKey: 'nosuchproject',
              pageKey: 'nosuchpage',
              html: `<p>${'x'.repeat(bytes)}</p>`,
            },
          },
        });
      const accepted = await postMcp(base, checkOf(3 * 1024 * 1024), headers());
      expect(accepted.status).toBe(200);
      const answer = (await accepted.json()) as { result: { isError: boolean; content: { text: string }[] } };
      expect(answer.result.isError).toBe(true);
      expect(answer.result.content[0].text).toMatch(/nosuchproject/);
      // Without credentials, beyond 8 MiB, or another tool: 413 before anything runs.
      expect((await postMcp(base, checkOf(3 * 1024 * 1024), {})).status).toBe(413);
      expect((await postMcp(base, checkOf(9 * 1024 * 1024), headers())).status).toBe(413);
      const otherTool = JSON.stringify({
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'find_projects', arguments: { search: 'x'.repeat(2 * 1024 * 1024) } },
      });
      expect((await postMcp(base, otherTool, headers())).status).toBe(413);
    });

    it('answers unknown methods and tools with JSON-RPC errors, never a 500', async () => {
      // prompts/list is MCP's, but Folio has no prompts.
      for (const method of ['projects/delete', 'prompts/list']) {
        const unknownMethod = await postMcp(base, { jsonrpc: '2.0', id: 3, method }, headers());
        expect(unknownMethod.status).toBeLessThan(500);
        expect(((await unknownMethod.json()) as { error: { code: number } }).error.code).toBe(-32601);
      }
      const unknownTool = await postMcp(
        base,
        { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'drop_everything', arguments: {} } },
        headers(),
      );
      expect(unknownTool.status).toBeLessThan(500);
      const body = (await unknownTool.json()) as { error?: { code: number; message: string } };
      expect(body.error?.message).toContain('drop_everything');
      const notAnObject = await postMcp(base, { jsonrpc: '2.0', id: 5 }, headers());
      expect(notAnObject.status).toBeLessThan(500);
    });
  });
});
