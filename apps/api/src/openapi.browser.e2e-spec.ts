import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { DiscoveryService, MetadataScanner, ModulesContainer } from '@nestjs/core';
import { DECORATORS } from '@nestjs/swagger';
import { type Browser } from 'playwright-core';
import { launchChromium, recordPageErrors, startTestApp, type TestApp } from '#folio/testing';
import { requiredScopesKey } from './auth/scopes.guard.js';
import { apiDocsJsonPath, apiDocsPath } from './openapi.js';

// The OpenAPI document and Swagger UI of the real api app: every route the app registers is documented
// (except web pages), and the UI works in Chromium under the app's content security policy.

interface Operation {
  summary?: string;
  tags?: string[];
  parameters?: { name: string; in: string }[];
  security?: Record<string, string[]>[];
  'x-required-scopes'?: string[];
  responses: Record<string, { content?: Record<string, { example?: unknown; examples?: object }> }>;
}

interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string; description: string }[];
  components: { securitySchemes: Record<string, object> };
  paths: Record<string, Record<string, Operation>>;
}

interface Route {
  /** `get /embed/{projectKey}/{pageKey}.js`: the method and the path in OpenAPI's template syntax. */
  id: string;
  excluded: boolean;
  scopes: string[];
}

/** Every route of the app's controllers, from Nest's metadata. */
function registeredRoutes(app: Pick<TestApp, 'get'>): Route[] {
  const scanner = new MetadataScanner();
  const controllers = new DiscoveryService(app.get(ModulesContainer)).getControllers();
  return controllers.flatMap(({ metatype }) => {
    const controller = metatype as (new (...args: never[]) => object) | null;
    if (!controller) return [];
    const excludedController =
      Reflect.getMetadata(DECORATORS.API_EXCLUDE_CONTROLLER, controller)?.[0] === true;
    const classScopes: string[] = Reflect.getMetadata(requiredScopesKey, controller) ?? [];
    return scanner.getAllMethodNames(controller.prototype).flatMap((name) => {
      const handler = (controller.prototype as Record<string, object>)[name];
      const method: RequestMethod | undefined = Reflect.getMetadata(METHOD_METADATA, handler);
      if (method === undefined) return [];
      const excluded =
        excludedController || Reflect.getMetadata(DECORATORS.API_EXCLUDE_ENDPOINT, handler)?.disable === true;
      const scopes = [
        ...new Set([...classScopes, ...(Reflect.getMetadata(requiredScopesKey, handler) ?? [])]),
      ];
      return paths(controller).flatMap((base) =>
        paths(handler).map((path) => ({
          id: `${RequestMethod[method].toLowerCase()} ${openApiPath(`/${base}/${path}`)}`,
          excluded,
          scopes,
        })),
      );
    });
  });
}

function paths(target: object): string[] {
  const path: string | string[] = Reflect.getMetadata(PATH_METADATA, target);
  return Array.isArray(path) ? path : [path];
}

/** `/sites/:slug{/*path}` → `/sites/{slug}/{path}`. */
function openApiPath(nestPath: string): string {
  const path = nestPath.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1');
  return path.replace(/\{\/\*(\w+)\}/g, '/{$1}').replace(/:(\w+)/g, '{$1}');
}

function operations(doc: OpenApiDocument): { id: string; path: string; operation: Operation }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ id: `${method} ${path}`, path, operation })),
  );
}

function hasExample(operation: Operation): boolean {
  return Object.values(operation.responses).some((response) =>
    Object.values(response.content ?? {}).some(
      (media) => media.example !== undefined || Object.keys(media.examples ?? {}).length > 0,
    ),
  );
}

let app: TestApp;
let base: string;
let openApi: OpenApiDocument;

beforeAll(async () => {
  app = await startTestApp({ app: 'api', ownAddress: true });
  base = app.baseUrl;
  const response = await fetch(`${base}${apiDocsJsonPath}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  openApi = (await response.json()) as OpenApiDocument;
});
afterAll(() => app?.close());

describe('GET /docs-json', () => {
  it('describes the Folio API, its server and both ways to send an API key', () => {
    expect(openApi.openapi).toMatch(/^3\./);
    expect(openApi.info).toMatchObject({ title: 'Folio API', version: '2' });
    expect(openApi.info.description).toContain('x-service-key');
    expect(openApi.info.description).toContain('Authorization: Bearer');
    expect(openApi.servers).toEqual([{ url: base }]);
    expect(openApi.components.securitySchemes).toEqual({
      'x-service-key': expect.objectContaining({ type: 'apiKey', in: 'header', name: 'x-service-key' }),
      bearer: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
  });

  it('documents every route the app registers, except the web pages', () => {
    const routes = registeredRoutes(app);
    const documented = operations(openApi).map(({ id }) => id);
    const expected = routes.filter((route) => !route.excluded).map(({ id }) => id);
    // A few known routes: proof that the enumeration sees the app's controllers at all.
    expect(expected).toEqual(
      expect.arrayContaining([
        'post /v2/mcp',
        'get /v2/credential',
        'get /healthz',
        'get /sites/{slug}/{path}',
      ]),
    );
    expect(routes.filter((route) => route.excluded).map(({ id }) => id)).toEqual(
      expect.arrayContaining(['get /editor/{projectKey}', 'get /favicon.ico']),
    );
    expect([...documented].sort()).toEqual([...expected].sort());
  });

  it('gives every operation a summary, a known tag, declared path parameters and a response example', () => {
    const tags = openApi.tags.map(({ name }) => name);
    const incomplete = operations(openApi).flatMap(({ id, path, operation }) => {
      const gaps: string[] = [];
      if (!operation.summary?.trim()) gaps.push('summary');
      if (!operation.tags?.length || !operation.tags.every((tag) => tags.includes(tag))) gaps.push('tags');
      const declared = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      for (const [, name] of path.matchAll(/\{(\w+)\}/g))
        if (!declared.includes(name)) gaps.push(`{${name}}`);
      if (!hasExample(operation)) gaps.push('response example');
      return gaps.length ? [`${id}: ${gaps.join(', ')}`] : [];
    });
    expect(incomplete).toEqual([]);
  });

  it('marks each route behind an API key with both schemes and the scopes its guard requires', () => {
    const byId = new Map(operations(openApi).map(({ id, operation }) => [id, operation]));
    const guarded = registeredRoutes(app).filter((route) => !route.excluded && route.scopes.length);
    expect(guarded.map(({ id }) => id)).toEqual(
      expect.arrayContaining(['post /v2/mcp', 'get /v2/credential']),
    );
    for (const route of guarded) {
      const operation = byId.get(route.id)!;
      expect({ route: route.id, security: operation.security }).toEqual({
        route: route.id,
        security: [{ 'x-service-key': [] }, { bearer: [] }],
      });
      expect({ route: route.id, scopes: [...(operation['x-required-scopes'] ?? [])].sort() }).toEqual({
        route: route.id,
        scopes: [...route.scopes].sort(),
      });
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['401', '403']));
    }
  });
});

describe('GET /docs', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('serves Swagger UI under the content security policy: operations, examples, auth and Try it out work', async () => {
    const response = await fetch(`${base}${apiDocsPath}`);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");

    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = await recordPageErrors(page);

    await page.goto(`${base}${apiDocsPath}`);
    await page.getByRole('heading', { name: /Folio API/ }).waitFor();
    const opblocks = page.locator('.opblock');
    await opblocks.first().waitFor();
    expect(await opblocks.count()).toBe(operations(openApi).length);

    await page.locator('.opblock-summary-path', { hasText: /^\/v2\/credential$/ }).click();
    await page.getByText('"Ada Lovelace"').first().waitFor();

    await page.getByRole('button', { name: 'Authorize' }).first().click();
    const dialog = page.locator('.modal-ux');
    await dialog.getByText('x-service-key (apiKey)').waitFor();
    await dialog.getByText('bearer (http, Bearer)').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    const health = page.locator('.opblock', {
      has: page.locator('.opblock-summary-path', { hasText: /^\/healthz$/ }),
    });
    await health.locator('.opblock-summary').click();
    await health.getByRole('button', { name: 'Try it out' }).click();
    await health.getByRole('button', { name: 'Execute' }).click();
    await health.locator('.live-responses-table .response-col_status', { hasText: '200' }).waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });
});
