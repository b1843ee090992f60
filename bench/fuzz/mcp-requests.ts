// Requests to POST /v2/mcp: JSON-RPC envelopes valid and broken, and every tool's arguments.
import fc, { type Arbitrary } from 'fast-check';
import { demoKeys } from '#folio/seed';
import { type FuzzContext } from './fuzz-context.js';
import { type FuzzRequest } from './fuzz-request.js';
import {
  anyValue,
  eitherMix,
  fieldValue,
  hostileJson,
  hostileNumber,
  hostileRecord,
  hostileString,
  hostileUrl,
  keyLike,
  type Mix,
  recordOf,
} from './hostile-values.js';
import { apiKeyHeaders, contentType, headerText, jsonBody } from './http-parts.js';

const eras = ['2025-11-25', '2026-07-28'] as const;
const modernMeta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'folio-fuzz', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};
const methods = [
  'initialize',
  'ping',
  'tools/list',
  'tools/call',
  'notifications/initialized',
  'notifications/cancelled',
  'resources/list',
  'resources/read',
  'prompts/list',
  'prompts/get',
  'completion/complete',
  'logging/setLevel',
  'server/discover',
] as const;
export const toolNames = [
  'find_projects',
  'get_embed_code',
  'get_project_sections',
  'list_libraries',
  'create_project',
  'create_page',
  'search',
  'fetch',
] as const;

const protocolVersion = fc.oneof(
  { arbitrary: fc.constantFrom(...eras), weight: 6 },
  {
    arbitrary: fc.constantFrom(
      '2025-06-18',
      '2025-03-26',
      '2024-11-05',
      '1999-01-01',
      '2026-07-28 ',
      'latest',
    ),
    weight: 1,
  },
  { arbitrary: headerText, weight: 1 },
);

/** Headers of an MCP client besides credentials: Accept, protocol version, method name, Origin, session. */
function mcpHeaders(context: FuzzContext, method: string, tool?: string): Arbitrary<Record<string, string>> {
  const optional = (header: string, value: Arbitrary<string>, weight = 1) =>
    fc.oneof(
      { arbitrary: fc.constant({}), weight: 4 },
      { arbitrary: value.map((v) => ({ [header]: v })), weight },
    );
  return fc
    .tuple(
      fc.oneof(
        { arbitrary: fc.constant({ accept: 'application/json, text/event-stream' }), weight: 6 },
        fc.constantFrom(
          {},
          { accept: 'application/json' },
          { accept: 'text/event-stream' },
          { accept: '*/*' },
          { accept: 'text/html' },
        ),
        headerText.map((accept) => ({ accept })),
      ),
      optional('mcp-protocol-version', protocolVersion, 4),
      optional('mcp-method', fc.oneof(fc.constant(method), headerText), 2),
      optional('mcp-name', fc.oneof(fc.constant(tool ?? ''), headerText)),
      optional('mcp-session-id', headerText),
      optional('origin', fc.constantFrom(context.baseUrl, 'https://evil.invalid', 'null', 'file://', '')),
      optional('last-event-id', headerText),
    )
    .map((parts) => Object.assign({}, ...parts) as Record<string, string>);
}

const requestId = fc.oneof(
  { arbitrary: fc.integer({ min: 0, max: 1_000_000 }), weight: 12 },
  fc.string({ maxLength: 20 }),
  fc.constant(null),
  fc.constant(undefined),
  hostileNumber,
  anyValue,
);

function paramsOf(method: string): Arbitrary<unknown> {
  switch (method) {
    case 'initialize':
      return hostileRecord({
        protocolVersion: fieldValue(protocolVersion),
        capabilities: fieldValue(fc.constant({})),
        clientInfo: fieldValue(
          hostileRecord({ name: fieldValue(fc.constant('fuzz')), version: fieldValue(fc.constant('1')) }),
        ),
      });
    case 'tools/call':
      return hostileRecord({ name: fieldValue(fc.constantFrom(...toolNames)), arguments: hostileJson });
    case 'resources/read':
    case 'prompts/get':
      return hostileRecord({ uri: fieldValue(hostileUrl), name: anyValue });
    case 'logging/setLevel':
      return hostileRecord({ level: fieldValue(fc.constantFrom('debug', 'info', 'emergency')) });
    default:
      return fc.oneof(fc.constant({}), fc.constant(undefined), hostileJson);
  }
}

/** A member of a message: usually as given, sometimes left out or of another type. */
function member(valid: Arbitrary<unknown>): Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: valid, weight: 10 },
    { arbitrary: fc.constant(undefined), weight: 1 },
    { arbitrary: anyValue, weight: 1 },
  );
}

/** One JSON-RPC message: usually well formed, each member sometimes wrong, missing or of the wrong type. */
const envelope: Arbitrary<unknown> = fc
  .oneof({ arbitrary: fc.constantFrom(...methods), weight: 8 }, { arbitrary: hostileString, weight: 1 })
  .chain((method) =>
    fc
      .tuple(
        fc.record({
          jsonrpc: member(fc.constant('2.0')),
          id: requestId,
          method: member(fc.constant(method)),
          params: paramsOf(method),
        }),
        // Members a request must not have.
        fc.oneof(
          { arbitrary: fc.constant({}), weight: 8 },
          fc.record({ result: anyValue, error: anyValue }, { requiredKeys: [] }),
        ),
      )
      .map(([message, extra]) => ({ ...message, ...extra })),
  );

/** `POST /v2/mcp` with any JSON-RPC envelope (or batch, or non-JSON), any headers, any credentials. */
export function mcpEnvelopeRequests(context: FuzzContext): Arbitrary<FuzzRequest> {
  const message = fc.oneof(
    { arbitrary: envelope, weight: 8 },
    { arbitrary: fc.array(envelope, { maxLength: 5 }), weight: 2 },
    { arbitrary: hostileJson, weight: 1 },
  );
  return fc
    .tuple(
      fc.oneof(
        { arbitrary: fc.constant('POST'), weight: 12 },
        fc.constantFrom('GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'),
      ),
      apiKeyHeaders(context),
      contentType('application/json'),
      mcpHeaders(context, 'tools/list'),
      jsonBody(message),
    )
    .map(([method, credentials, type, headers, body]) => ({
      method,
      path: '/v2/mcp',
      headers: { ...type, ...headers, ...credentials },
      body,
    }));
}

/** `tools/call` of one of the six tools, in either era, with arguments valid-looking or hostile. */
export function mcpToolCallRequests(context: FuzzContext): Arbitrary<FuzzRequest> {
  const args = toolArguments(context);
  return fc
    .tuple(fc.constantFrom(...toolNames), fc.constantFrom(...eras), fc.integer({ min: 1, max: 1_000_000 }))
    .chain(([tool, era, id]) =>
      fc
        .tuple(
          fc.oneof({ arbitrary: args[tool], weight: 12 }, { arbitrary: anyValue, weight: 1 }),
          // Credentials are the envelope target's business: most calls here authenticate.
          fc.oneof(
            { arbitrary: fc.constant({ 'x-service-key': context.apiKey }), weight: 8 },
            apiKeyHeaders(context),
          ),
          fc.boolean(),
        )
        .map(([argumentsOf, credentials, sendEraHeaders]) => {
          const params = {
            name: tool,
            arguments: argumentsOf,
            ...(era === '2026-07-28' ? { _meta: modernMeta } : {}),
          };
          const eraHeaders: Record<string, string> =
            era === '2026-07-28'
              ? { 'mcp-protocol-version': era, 'mcp-method': 'tools/call', 'mcp-name': tool }
              : sendEraHeaders
                ? { 'mcp-protocol-version': era }
                : {};
          return {
            method: 'POST',
            path: '/v2/mcp',
            headers: {
              'content-type': 'application/json',
              accept: 'application/json, text/event-stream',
              ...eraHeaders,
              ...credentials,
            },
            body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params }),
          };
        }),
    );
}

/**
 * Each tool's arguments: every field of its schema, with real keys of the demo data or near misses and
 * hostile content, drawn in both mixes (typed ones reach the tool's code; hostile ones test validation).
 */
function toolArguments(context: FuzzContext): Record<(typeof toolNames)[number], Arbitrary<unknown>> {
  const pick = (keys: string[]) => fc.oneof({ arbitrary: fc.constantFrom(...keys), weight: 4 }, keyLike);
  const projectKey = pick(context.projectKeys);
  const pageKey = pick(context.pageKeys);
  const sectionKey = pick(context.sectionKeys);
  const accountKey = pick([
    context.accountKey,
    demoKeys.ownerPersonalAccount,
    demoKeys.viewerPersonalAccount,
  ]);
  const workspace = fc.oneof(
    fc.constantFrom(demoKeys.studioWorkspace, demoKeys.teamWorkspace, 'Studio', 'Atlas (team)'),
    hostileString,
  );
  const title = fc.oneof(fc.constantFrom('Fuzz page', 'Untitled', ' ', 'Home'), hostileString);
  const boolean = fc.boolean();
  const search = fc.oneof(
    fc.constantFrom(
      'coffee',
      'yoga studio',
      'bakery',
      'a & b',
      'foo:*',
      '!!',
      '( )',
      '<->',
      "o'brien",
      '\\',
      ':*',
      '|',
    ),
    hostileString,
  );
  const folioUrl = fc.oneof(
    projectKey.map((key) => `${context.baseUrl}/editor/${key}`),
    projectKey.map((key) => `${context.baseUrl}/sites/${key}/`),
    fc.tuple(projectKey, pageKey).map(([p, g]) => `${context.baseUrl}/embed/${p}/${g}.js?fill=1`),
    hostileUrl,
  );
  const ai = (mix: Mix) =>
    recordOf(
      mix,
      {
        libraries: fc.array(pick(context.libraryKeys), { minLength: 1, maxLength: 6 }),
        prompt: fc.oneof(fc.constant('A landing page for a small coffee roastery.'), hostileString),
        text: hostileString,
        images: fc.array(recordOf(mix, { url: hostileUrl, description: hostileString }, ['url']), {
          maxLength: 3,
        }),
        imageStyle: hostileString,
        useOnlyProvidedAssets: boolean,
      },
      ['libraries', 'prompt'],
    );
  const templateVariables = fc.dictionary(
    fc.oneof(
      fc.constantFrom('headline', '--accent', 'title', '__proto__', 'constructor'),
      fc.string({ maxLength: 12 }),
    ),
    hostileString,
    { maxKeys: 5 },
  );
  /** Generation is slow and spends credits: one call in four asks for it. */
  const sometimesAi = (mix: Mix) => fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, ai(mix));
  const tool = (fields: (mix: Mix) => Record<string, Arbitrary<unknown>>, required: string[] = []) =>
    eitherMix((mix) => recordOf(mix, fields(mix), required));
  return {
    find_projects: tool(() => ({
      ids: fc.array(projectKey, { maxLength: 25 }),
      search,
      url: folioUrl,
      accountKey,
      limit: fc.integer({ min: 1, max: 50 }),
    })),
    get_embed_code: tool(
      () => ({
        projectKey,
        pageKey,
        fill: boolean,
        shadowdom: boolean,
        containerMode: boolean,
        target: fc.oneof(fc.constantFrom('#pricing', '.slot > div', 'main', '#a\\:b'), hostileString),
        templateVariables,
      }),
      ['projectKey'],
    ),
    get_project_sections: tool(
      () => ({
        projectKey,
        pageKey,
        sectionKeys: fc.array(sectionKey, { minLength: 1, maxLength: 210 }),
        includeCss: boolean,
        includeInteractions: boolean,
        includeHtml: boolean,
        includeModels: boolean,
      }),
      ['projectKey'],
    ),
    list_libraries: tool(() => ({ projectKey, accountKey, workspace })),
    create_project: tool(
      (mix) => ({
        title,
        accountKey,
        workspace,
        preset: fc.constantFrom('desktop', 'mobile'),
        ai: sometimesAi(mix),
      }),
      ['title'],
    ),
    create_page: tool((mix) => ({ projectKey, title, ai: sometimesAi(mix) }), ['projectKey']),
    search: tool(() => ({ query: search }), ['query']),
    fetch: tool(
      () => ({
        id: fc.oneof(
          projectKey,
          fc.tuple(projectKey, pageKey).map(([project, page]) => `${project}/${page}`),
          hostileString,
        ),
      }),
      ['id'],
    ),
  };
}
