import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { newPublicKey } from '#folio/content';
import { Controller, Get, Module } from '@nestjs/common';
import { InvalidInputError } from '#folio/errors';
import { PrismaService } from '#folio/db';
import { createHttpApp } from '#folio/http';
import { ApiKeyService, newApiKey as keyText, type Principal, type Scope } from '#folio/identity';
import {
  changePrincipal,
  createMigratedTestDatabase,
  type MigratedTestDatabase,
  newApiKey,
  newOrganization,
  newUser,
  startTestApp,
  type TestApp,
  type TestUser,
} from '#folio/testing';
import { ApiModule } from '../api.module.js';
import { CurrentPrincipal } from './principal.decorator.js';
import { RequireScopes, ResourceMetadata } from './require-scopes.decorator.js';

// API-key authentication over real HTTP, on the real api app: the strategy, both guards and the
// global error filter, against keys made by ApiKeyService (and one it never makes, see `keyWithoutList`).

let database: MigratedTestDatabase;

beforeAll(async () => {
  // Silent: one test makes a 500 on purpose, whose logging the filter's unit test covers.
  database = await createMigratedTestDatabase({ LOG_LEVEL: 'silent' });
});
afterAll(async () => {
  await database?.dispose();
});

/** A manual key of `owner`'s, made by ApiKeyService as the profile page makes one. */
async function makeKey(
  app: TestApp,
  owner: TestUser,
  scopes: Scope[],
): Promise<{ id: string; text: string }> {
  const { key, text } = await newApiKey(app, owner, { scopes });
  return { id: key.id, text };
}

/** A key issued to an OAuth client, as the token endpoint has ApiKeyService issue one after a consent. */
async function oauthKey(
  app: TestApp,
  owner: TestUser,
  scopes: Scope[],
  clientId: string,
): Promise<{ id: string; text: string }> {
  const { text } = keyText('at');
  const issued = await app
    .get(ApiKeyService)
    .issueForOAuth({ userId: owner.id, clientId, grantId: 'grant-1', clientName: 'Client', text, scopes });
  return { id: issued.id, text };
}

/**
 * A manual key of `owner`'s without list:project. ApiKeyService refuses to make one (every key needs it),
 * so this writes the row itself, for the guards' answer to a key that lacks the scope.
 */
async function keyWithoutList(owner: TestUser, scopes: Scope[]): Promise<{ id: string; text: string }> {
  const fresh = keyText('sk');
  const { id } = await database.prisma.apiKey.create({
    data: {
      key: newPublicKey(),
      userId: owner.id,
      name: 'test key',
      prefix: fresh.prefix,
      hash: fresh.hash,
      scopes,
      source: 'manual',
    },
  });
  return { id, text: fresh.text };
}

async function lastUsedAt(keyId: string): Promise<Date | null> {
  const key = await database.prisma.apiKey.findUniqueOrThrow({ where: { id: keyId } });
  return key.lastUsedAt;
}

/**
 * The app's writes of keys' lastUsedAt, seen when they are issued: verification decides to write before the
 * request goes on, and issues the write without waiting for it.
 */
function watchLastUsedWrites(app: TestApp) {
  const update = jest.spyOn(app.get(PrismaService).apiKey, 'update');
  const writes = () =>
    update.mock.calls.flatMap(([args], index) =>
      'lastUsedAt' in (args.data as object) ? [update.mock.results[index].value] : [],
    );
  return {
    /** Waits for the writes issued so far; how many there were. */
    settled: async () => (await Promise.all(writes())).length,
    restore: () => update.mockRestore(),
  };
}

describe('GET /v2/credential', () => {
  let app: TestApp;
  let base: string;
  let metadata: string;
  let ada: TestUser;
  const get = (headers: Record<string, string> = {}) => fetch(`${base}/v2/credential`, { headers });
  const adasKey = (scopes: Scope[]) => makeKey(app, ada, scopes);

  beforeAll(async () => {
    app = await startTestApp({ app: 'api', database });
    base = app.baseUrl;
    metadata = `${database.config.publicBaseUrl}/.well-known/oauth-protected-resource/v2/mcp`;
    ada = await newUser(app, { email: 'ada@example.test', name: 'Ada Lovelace' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('tells a manual key sent in x-service-key who it acts as and what it may do, without internal ids', async () => {
    const key = await adasKey(['list:project', 'create:project']);
    const response = await get({ 'x-service-key': key.text });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      user: { email: 'ada@example.test', name: 'Ada Lovelace' },
      scopes: ['list:project', 'create:project'],
      source: 'manual',
      client: null,
    });
  });

  it('accepts the key as Authorization: Bearer, and names the OAuth client of an issued key', async () => {
    const key = await oauthKey(app, ada, ['list:project'], 'https://client.example/oauth-client.json');
    const response = await get({ authorization: `Bearer ${key.text}` });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      user: { email: 'ada@example.test', name: 'Ada Lovelace' },
      scopes: ['list:project'],
      source: 'oauth',
      client: 'https://client.example/oauth-client.json',
    });
  });

  it('answers no key with 401 and the challenge pointing at the resource metadata', async () => {
    const response = await get();
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${metadata}"`);
    expect(await response.json()).toEqual({
      error: 'unauthorized',
      message: 'Send an API key in x-service-key or Authorization: Bearer.',
    });
  });

  it.each([
    ['an unknown key', () => keyText('sk').text],
    ['a malformed key', () => 'folio_sk_short'],
  ])('answers %s with 401 invalid_token', async (_, text) => {
    const response = await get({ 'x-service-key': text() });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(
      `Bearer error="invalid_token", resource_metadata="${metadata}"`,
    );
    expect(await response.json()).toEqual({
      error: 'invalid_token',
      message: 'The API key is invalid or has been revoked.',
    });
  });

  it('refuses two different keys in the two headers with 401 invalid_request', async () => {
    const [one, two] = [await adasKey(['list:project']), await adasKey(['list:project'])];
    const response = await get({ 'x-service-key': one.text, authorization: `Bearer ${two.text}` });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(
      `Bearer error="invalid_request", resource_metadata="${metadata}"`,
    );
    expect((await response.json()).error).toBe('invalid_request');
    const same = await get({ 'x-service-key': one.text, authorization: `Bearer ${one.text}` });
    expect(same.status).toBe(200);
  });

  it('refuses a key held in memory on the very next request after it is revoked', async () => {
    const key = await adasKey(['list:project']);
    expect((await get({ 'x-service-key': key.text })).status).toBe(200);
    expect((await get({ 'x-service-key': key.text })).status).toBe(200);
    await changePrincipal(() =>
      database.prisma.apiKey.update({ where: { id: key.id }, data: { revokedAt: new Date() } }),
    );
    const response = await get({ 'x-service-key': key.text });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('answers a key without list:project with 403 insufficient_scope naming the scope', async () => {
    const key = await keyWithoutList(ada, ['create:project']);
    const response = await get({ authorization: `Bearer ${key.text}` });
    expect(response.status).toBe(403);
    expect(response.headers.get('www-authenticate')).toBe(
      `Bearer error="insufficient_scope", scope="list:project create:project", resource_metadata="${metadata}"`,
    );
    expect(await response.json()).toEqual({
      error: 'insufficient_scope',
      message: expect.stringContaining('lacks the list:project scope'),
      missingScopes: ['list:project'],
    });
  });

  it('records lastUsedAt on first use, but does not rewrite it on every request', async () => {
    const key = await adasKey(['list:project']);
    expect(await lastUsedAt(key.id)).toBeNull();
    const writes = watchLastUsedWrites(app);
    try {
      expect((await get({ 'x-service-key': key.text })).status).toBe(200);
      expect(await writes.settled()).toBe(1);
      const first = await lastUsedAt(key.id);
      expect(first).toBeInstanceOf(Date);

      expect((await get({ 'x-service-key': key.text })).status).toBe(200);
      expect(await writes.settled()).toBe(1);
      expect(await lastUsedAt(key.id)).toEqual(first);
    } finally {
      writes.restore();
    }
  });

  it('refreshes a lastUsedAt older than the refresh interval', async () => {
    const key = await adasKey(['list:project']);
    const stale = new Date(Date.now() - 5 * 60_000);
    await database.prisma.apiKey.update({ where: { id: key.id }, data: { lastUsedAt: stale } });
    const writes = watchLastUsedWrites(app);
    try {
      expect((await get({ 'x-service-key': key.text })).status).toBe(200);
      expect(await writes.settled()).toBe(1);
    } finally {
      writes.restore();
    }
    expect((await lastUsedAt(key.id))!.getTime()).toBeGreaterThan(stale.getTime());
  });
});

// A controller only this test has, mounted beside the real api module: how other controllers (MCP,
// template API) use the decorators, and how the app's global filter answers their errors.
@Controller('probe')
@RequireScopes('list:project')
@ResourceMetadata('/.well-known/oauth-protected-resource/probe')
class ProbeController {
  @Get('create')
  @RequireScopes('create:project')
  create(@CurrentPrincipal() principal: Principal) {
    return { scopes: principal.scopes };
  }

  @Get('elsewhere')
  @RequireScopes('create:project')
  @ResourceMetadata('https://metadata.example/resource')
  elsewhere() {
    return {};
  }

  @Get('roles')
  roles(@CurrentPrincipal() principal: Principal) {
    return Object.fromEntries(principal.actor.accountRoles);
  }

  @Get('crash')
  crash() {
    throw new Error('select "passwordHash" from "User" failed');
  }

  @Get('invalid')
  invalid() {
    throw new InvalidInputError([{ path: 'pages[0].title', message: 'is required' }]);
  }
}

describe('RequireScopes on another controller', () => {
  let app: TestApp;
  let base: string;
  let listOnly: string;
  let both: string;
  let person: TestUser;
  const get = (path: string, key?: string) =>
    fetch(`${base}${path}`, { headers: key ? { 'x-service-key': key } : {} });

  beforeAll(async () => {
    @Module({ imports: [ApiModule.forRoot(database.config)], controllers: [ProbeController] })
    class ProbeModule {}
    app = await startTestApp({
      app: () => createHttpApp(ProbeModule, { config: database.config }),
      database,
    });
    base = app.baseUrl;
    person = await newUser(app);
    listOnly = (await makeKey(app, person, ['list:project'])).text;
    both = (await makeKey(app, person, ['list:project', 'create:project'])).text;
  });
  afterAll(async () => {
    await app?.close();
  });

  it("narrows a held key's roles on the very next request after its user's membership changes or goes", async () => {
    const account = await newOrganization(database, {
      name: 'Roles',
      members: [{ user: person, role: 'admin' }],
    });
    const personal = { [person.account.id]: 'owner' };
    const membership = { userId_accountId: { userId: person.id, accountId: account.id } };
    for (let i = 0; i < 2; i++)
      expect(await (await get('/probe/roles', listOnly)).json()).toEqual({
        ...personal,
        [account.id]: 'admin',
      });
    await changePrincipal(() =>
      database.prisma.membership.update({ where: membership, data: { role: 'viewer' } }),
    );
    expect(await (await get('/probe/roles', listOnly)).json()).toEqual({
      ...personal,
      [account.id]: 'viewer',
    });
    await changePrincipal(() => database.prisma.membership.delete({ where: membership }));
    expect(await (await get('/probe/roles', listOnly)).json()).toEqual(personal);
  });

  it('adds method scopes to class scopes and lets a key holding both through, verifying it once', async () => {
    const authenticate = jest.spyOn(ApiKeyService.prototype, 'authenticate');
    try {
      const response = await get('/probe/create', both);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ scopes: ['list:project', 'create:project'] });
      expect(authenticate).toHaveBeenCalledTimes(1);
    } finally {
      authenticate.mockRestore();
    }
  });

  it("answers a key lacking the method's scope with 403 and the controller's resource metadata", async () => {
    const response = await get('/probe/create', listOnly);
    expect(response.status).toBe(403);
    expect(response.headers.get('www-authenticate')).toBe(
      `Bearer error="insufficient_scope", scope="list:project create:project", resource_metadata="${database.config.publicBaseUrl}/.well-known/oauth-protected-resource/probe"`,
    );
    expect(await response.json()).toEqual({
      error: 'insufficient_scope',
      message:
        'This credential lacks the create:project scope. Re-authorize the connection (or use an API key) with create:project.',
      missingScopes: ['create:project'],
    });
  });

  it("lets a method's resource metadata override its controller's", async () => {
    const unauthenticated = await get('/probe/elsewhere');
    expect(unauthenticated.headers.get('www-authenticate')).toBe(
      'Bearer resource_metadata="https://metadata.example/resource"',
    );
    const forbidden = await get('/probe/elsewhere', listOnly);
    expect(forbidden.status).toBe(403);
    expect(forbidden.headers.get('www-authenticate')).toContain(
      'resource_metadata="https://metadata.example/resource"',
    );
  });

  it('maps a domain error through the global filter', async () => {
    const response = await get('/probe/invalid', listOnly);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'invalid_input',
      message: 'pages[0].title: is required',
      problems: [{ path: 'pages[0].title', message: 'is required' }],
    });
  });

  it('answers an unexpected error with a 500 that names the request id and hides the cause', async () => {
    const response = await get('/probe/crash', listOnly);
    expect(response.status).toBe(500);
    const requestId = response.headers.get('x-request-id');
    expect(requestId).toBeTruthy();
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      error: 'internal_error',
      message: `Something went wrong; the request id is ${requestId}.`,
    });
    expect(text).not.toMatch(/passwordHash|select|\.ts:/);
  });
});
