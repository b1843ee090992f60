import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFile } from 'node:fs/promises';
import { createTestDatabase, type TestDatabase } from '#folio/testing';
import { demoCredentialsPath } from '#folio/seed';
import { startStandalone, type Standalone } from './standalone.js';

describe(startStandalone.name, () => {
  let database: TestDatabase;
  let app: Standalone;

  beforeAll(async () => {
    database = await createTestDatabase({ SEED_DEMO: 'true', DEMO_PASSWORD: 'e2e-password' });
    app = await startStandalone(database.config);
  });
  afterAll(async () => {
    await app?.close();
    await database.drop();
  });

  it('migrates, seeds the empty database and answers health and readiness on one port', async () => {
    const health = await fetch(`${app.url}/healthz`);
    expect(health.status).toBe(200);
    expect(health.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const ready = await fetch(`${app.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok' } });
  });

  it('prints and saves the demo credentials', async () => {
    expect(app.demo?.password).toBe('e2e-password');
    expect(app.demo?.apiKey).toMatch(/^folio_sk_/);
    const saved = JSON.parse(await readFile(demoCredentialsPath(database.config.dataDir), 'utf8'));
    expect(saved).toEqual(app.demo);
  });

  it('keeps the data on restart instead of seeding again', async () => {
    const first = app.demo;
    await app.close();
    app = await startStandalone(database.config);
    expect(app.demo).toEqual(first);
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
  });

  it('echoes a well-formed X-Request-Id from the proxy', async () => {
    const response = await fetch(`${app.url}/healthz`, { headers: { 'x-request-id': 'proxy-req-12345' } });
    expect(response.headers.get('x-request-id')).toBe('proxy-req-12345');
  });
});
