// The webhook destination against a local receiver: signed payloads, retries, and the address check.
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type TestingModule } from '@nestjs/testing';
import { type AppConfig } from '#folio/config';
import { InvalidInputError } from '#folio/errors';
import { type Actor, IdentityModule } from '#folio/identity';
import { compileWithDatabase, newProject, newUser, startTestModule, type TestModule } from '#folio/testing';
import { PublishService } from './publish.service.js';
import { PublishingModule } from './publishing.module.js';
import { signWebhookBody, type WebhookPayload, WebhookService } from './webhook.service.js';

const secret = 'whsec-test-0123456789abcdef';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** The receiver side of the contract: recompute the HMAC over the raw body and compare in constant time. */
function signatureVerifies(body: string, header: string | string[] | undefined, key: string): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', key).update(body).digest('hex')}`);
  const given = Buffer.from(String(header ?? ''));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe(WebhookService.name, () => {
  let app: TestModule;
  /** Modules compiled with another config on the same database. */
  let others: TestingModule[] = [];
  let publishing: PublishService;
  let webhooks: WebhookService;
  let owner: Actor;
  let projectKey: string;
  let receiver: Server;
  let receiverUrl: string;
  let received: Received[] = [];
  /** Statuses the receiver answers with, in turn; 200 once they run out. */
  let answers: number[] = [];

  async function compile(config: AppConfig): Promise<TestingModule> {
    const other = await compileWithDatabase(app.db, [PublishingModule, IdentityModule], config);
    others.push(other);
    return other;
  }

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        received.push({ headers: request.headers, body, at: Date.now() });
        response.writeHead(answers.shift() ?? 200, { 'content-type': 'text/plain' }).end('thanks');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/folio`;

    app = await startTestModule([PublishingModule, IdentityModule], {
      OUTBOUND_ALLOW_PRIVATE: 'true',
      PUBLIC_BASE_URL: 'http://folio.test',
    });
    publishing = app.get(PublishService);
    webhooks = app.get(WebhookService);
    const user = await newUser(app);
    owner = user.actor;
    projectKey = (
      await newProject(app, user, {
        pages: [
          { sections: [{ title: 'Welcome' }, { title: 'Menu' }] },
          { title: 'Visit us', sections: [{ title: 'Hours' }] },
        ],
      })
    ).projectKey;
  });
  afterEach(() => {
    received = [];
    answers = [];
  });
  afterAll(async () => {
    for (const other of others) await other.close();
    others = [];
    await app?.close();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  it('delivers every page rendered, signed with the destination secret, and retries after a 500', async () => {
    answers = [500];
    const started = Date.now();
    const result = await publishing.publish(owner, projectKey, {
      destination: 'webhook',
      webhookUrl: receiverUrl,
      webhookSecret: secret,
    });

    expect(received).toHaveLength(2);
    expect(received[1].at - received[0].at).toBeGreaterThanOrEqual(900); // backoff: 1 s before the 2nd try
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(result).toMatchObject({
      projectKey,
      destination: 'webhook',
      published: true,
      url: null,
      delivery: { attempts: 2, ok: true, status: 200, error: null },
    });

    for (const { headers, body } of received) {
      expect(headers['content-type']).toBe('application/json');
      expect(headers['x-folio-delivery']).toBe(result.delivery!.id);
      expect(signatureVerifies(body, headers['x-folio-signature'], secret)).toBe(true);
      expect(signatureVerifies(body, headers['x-folio-signature'], 'another-secret-of-some-length')).toBe(
        false,
      );
    }
    const payload = JSON.parse(received[1].body) as WebhookPayload;
    const pages = await app.prisma.page.findMany({
      where: { project: { key: projectKey } },
      orderBy: { order: 'asc' },
    });
    expect(payload.projectKey).toBe(projectKey);
    expect(payload.version).toBe(result.version);
    expect(payload.pages.map((p) => [p.pageKey, p.path, p.title])).toEqual(
      pages.map((p) => [p.key, p.path, p.title]),
    );
    for (const page of payload.pages) {
      expect(page.html).toContain('data-section-key=');
      expect(page.css.length).toBeGreaterThan(100);
    }

    // The secret is kept to sign later deliveries, and never handed back.
    expect(JSON.stringify(result)).not.toContain(secret);
    const state = (
      await publishing.publishState([
        (await app.prisma.project.findUniqueOrThrow({ where: { key: projectKey } })).id,
      ])
    )
      .values()
      .next().value!;
    expect(state.destinations).toContainEqual({
      kind: 'webhook',
      url: null,
      publishedAt: result.publishedAt,
    });
    expect(JSON.stringify(state)).not.toContain(secret);
  });

  it('reuses the stored URL and secret when publishing again', async () => {
    const result = await publishing.publish(owner, projectKey, { destination: 'webhook' });
    expect(result.delivery).toMatchObject({ attempts: 1, ok: true });
    expect(received).toHaveLength(1);
    expect(signatureVerifies(received[0].body, received[0].headers['x-folio-signature'], secret)).toBe(true);
  });

  it('gives up after five tries and leaves the publication where it was', async () => {
    const before = await app.prisma.publication.findFirstOrThrow({
      where: { kind: 'webhook', project: { key: projectKey } },
    });
    webhooks.retryDelaysMs = [10, 20, 40, 80];
    answers = [503, 503, 503, 503, 503, 503];
    try {
      const result = await publishing.publish(owner, projectKey, { destination: 'webhook' });
      expect(result).toMatchObject({
        published: false,
        publishedAt: null,
        delivery: { attempts: 5, ok: false, status: 503, error: expect.stringContaining('503') },
      });
      expect(received).toHaveLength(5);
      expect(new Set(received.map((r) => r.headers['x-folio-delivery'])).size).toBe(1);
    } finally {
      webhooks.retryDelaysMs = [1_000, 2_000, 4_000, 8_000];
    }
    const after = await app.prisma.publication.findFirstOrThrow({
      where: { kind: 'webhook', project: { key: projectKey } },
    });
    expect(after.versionId).toBe(before.versionId);
  });

  it('does not retry a 4xx answer', async () => {
    answers = [410];
    const result = await publishing.publish(owner, projectKey, { destination: 'webhook' });
    expect(result.delivery).toMatchObject({ attempts: 1, ok: false, status: 410 });
    expect(received).toHaveLength(1);
  });

  it('retries when the receiver cannot be reached', async () => {
    const service = new WebhookService({ outboundAllowPrivate: true } as AppConfig);
    service.retryDelaysMs = [5, 5];
    const delivery = await service.deliver('http://127.0.0.1:1/nothing-listens', secret, {
      projectKey,
      version: 1,
      pages: [],
    });
    expect(delivery).toMatchObject({
      attempts: 3,
      ok: false,
      status: null,
      error: expect.stringContaining('unreachable'),
    });
  });

  it('refuses private addresses unless OUTBOUND_ALLOW_PRIVATE is set', async () => {
    const strict = await compile(
      Object.assign(Object.create(app.db.config) as AppConfig, { outboundAllowPrivate: false }),
    );
    const call = strict.get(PublishService).publish(owner, projectKey, {
      destination: 'webhook',
      webhookUrl: receiverUrl,
      webhookSecret: secret,
    });
    await expect(call).rejects.toBeInstanceOf(InvalidInputError);
    await expect(call).rejects.toMatchObject({ problems: [{ path: 'webhookUrl' }] });
    expect(received).toHaveLength(0);
  });

  it('signs with HMAC-SHA256 over the exact body', () => {
    expect(signWebhookBody('{"a":1}', 'key')).toBe(
      `sha256=${createHmac('sha256', 'key').update('{"a":1}').digest('hex')}`,
    );
  });
});
