import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Client } from '@modelcontextprotocol/client';
import {
  type CafeOrganization,
  type McpTools,
  newApiKey,
  newCafeOrganization,
  startMcpTools,
  startTestApp,
  type TestApp,
} from '#folio/testing';

// publish_project through the official SDK client in process: it answers a confirmation link and publishes
// nothing; who may ask. The confirmation itself: apps/api/src/editor/publish-confirm.browser.e2e-spec.ts.

type ToolResult = Awaited<ReturnType<Client['callTool']>>;
const textOf = (result: ToolResult) =>
  (result.content as { type: string; text: string }[]).map((block) => block.text).join('\n');

interface Asked {
  projectKey: string;
  destination: string;
  revision: number;
  confirmUrl: string;
  expiresAt: string;
}

describe('publish_project', () => {
  let app: McpTools;
  let cafe: CafeOrganization;
  const all = ['list:project', 'create:project', 'edit:project'] as const;

  beforeAll(async () => {
    app = await startMcpTools();
    cafe = await newCafeOrganization(app);
  });

  afterAll(() => app?.close());

  const ask = (client: Client, args: Record<string, unknown>) =>
    client.callTool({ name: 'publish_project', arguments: args });

  const keyFor = async (user: CafeOrganization['owner'], scopes: readonly string[] = all) =>
    app.connectMcp((await newApiKey(app, user, { scopes: [...scopes] as never })).text);

  it('answers a single-use confirmation link for the revision it saw, and publishes nothing', async () => {
    const owner = await keyFor(cafe.owner);
    const { projectKey } = cafe.northwind;
    const started = Date.now();
    const result = await ask(owner, { projectKey, destination: 'site' });
    expect(result.isError).toBeFalsy();
    const answer = result.structuredContent as unknown as Asked;
    expect(JSON.parse(textOf(result))).toEqual(answer);
    const project = await app.prisma.project.findUniqueOrThrow({ where: { key: projectKey } });
    expect(answer).toEqual({
      projectKey,
      destination: 'site',
      revision: project.revision,
      confirmUrl: expect.stringMatching(/^http:\/\/[^/]+\/publish\/confirm\/[A-Za-z0-9_-]{43}$/),
      expiresAt: expect.any(String),
    });
    const expiresIn = Date.parse(answer.expiresAt) - started;
    expect(expiresIn).toBeGreaterThanOrEqual(30 * 60_000 - 1_000);
    expect(expiresIn).toBeLessThanOrEqual(30 * 60_000 + 60_000);

    // Only the token's sha-256 is stored, for this project and revision, by this key.
    const token = answer.confirmUrl.split('/').at(-1)!;
    const intents = await app.prisma.publishIntent.findMany({ where: { projectId: project.id } });
    expect(intents).toEqual([
      expect.objectContaining({
        tokenHash: createHash('sha256').update(token).digest('hex'),
        destination: 'site',
        revision: project.revision,
        usedAt: null,
      }),
    ]);
    expect(JSON.stringify(intents)).not.toContain(token);

    // Asked for an embed too; still nothing is published anywhere.
    expect((await ask(owner, { projectKey, destination: 'embed' })).isError).toBeFalsy();
    expect(await app.prisma.publication.count({ where: { projectId: project.id } })).toBe(0);
    expect(await app.prisma.projectVersion.count({ where: { projectId: project.id } })).toBe(0);
    const found = await owner.callTool({ name: 'find_projects', arguments: { ids: [projectKey] } });
    expect(
      (found.structuredContent as { projects: { publishState: { published: boolean } }[] }).projects[0]
        .publishState.published,
    ).toBe(false);
  });

  it('refuses a webhook, a viewer, another account and a key without edit:project', async () => {
    const { projectKey, projectId } = cafe.northwind;
    const owner = await keyFor(cafe.owner);
    const before = await app.prisma.publishIntent.count({ where: { projectId } });

    const webhook = await ask(owner, { projectKey, destination: 'webhook' });
    expect(webhook.isError).toBe(true);
    expect(textOf(webhook)).toMatch(/destination/);

    const viewer = await ask(await keyFor(cafe.viewer), { projectKey, destination: 'site' });
    expect(viewer.isError).toBe(true);
    expect(textOf(viewer)).toBe(`You may view project ${projectKey} but not change or publish it.`);

    const stranger = await ask(await keyFor(cafe.stranger), { projectKey, destination: 'site' });
    expect(stranger.isError).toBe(true);
    expect(textOf(stranger)).toBe(`No project ${projectKey} is visible to you.`);

    const creator = await ask(await keyFor(cafe.owner, ['list:project', 'create:project']), {
      projectKey,
      destination: 'site',
    });
    expect(creator.isError).toBe(true);
    expect(textOf(creator)).toBe(
      'This credential lacks the edit:project scope. Re-authorize the connection (or use an API key) with edit:project.',
    );
    expect(await app.prisma.publishIntent.count({ where: { projectId } })).toBe(before);
  });

  it('is listed as a write that is not destructive', async () => {
    const { tools } = await (await keyFor(cafe.owner)).listTools();
    const tool = tools.find((listed) => listed.name === 'publish_project')!;
    expect(tool.annotations).toMatchObject({ destructiveHint: false, openWorldHint: false });
    expect(tool.annotations?.readOnlyHint).toBeFalsy();
    expect(tool.description).not.toContain('\n');
    expect(tool.inputSchema).toMatchObject({
      required: ['projectKey', 'destination'],
      properties: { destination: { enum: ['site', 'embed'] } },
    });
  });
});

// Over HTTP: the 2026-07-28 era (and its multi-round-trip calls) is what the api's handler serves.
describe('publish_project on 2026-07-28', () => {
  let http: TestApp;
  let cafe: CafeOrganization;
  const all = ['list:project', 'create:project', 'edit:project'] as const;

  beforeAll(async () => {
    http = await startTestApp({ app: 'api' });
    cafe = await newCafeOrganization(http);
  });

  afterAll(() => http?.close());

  const ask = (client: Client, args: Record<string, unknown>) =>
    client.callTool({ name: 'publish_project', arguments: args });

  it('on 2026-07-28 sends a client that declares URL elicitation to the link, and answers that same link', async () => {
    const key = (await newApiKey(http, cafe.owner, { scopes: [...all] })).text;
    const client = await http.connectMcp({ key, era: 'modern', capabilities: { elicitation: { url: {} } } });
    const opened: { mode?: string; url?: string; message?: string }[] = [];
    client.setRequestHandler('elicitation/create', (request) => {
      opened.push(request.params as (typeof opened)[number]);
      return { action: 'accept' };
    });
    const { projectKey, projectId } = cafe.northwind;
    const before = await http.prisma.publishIntent.count({ where: { projectId } });

    const result = await ask(client, { projectKey, destination: 'site' });
    expect(result.isError).toBeFalsy();
    const answer = result.structuredContent as unknown as Asked;
    expect(opened).toEqual([
      expect.objectContaining({
        mode: 'url',
        url: answer.confirmUrl,
        message: expect.stringContaining(projectKey),
      }),
    ]);
    // The retry answered the link it had opened: one intent, nothing published.
    expect(await http.prisma.publishIntent.count({ where: { projectId } })).toBe(before + 1);
    expect(await http.prisma.publication.count({ where: { projectId } })).toBe(0);

    // A client that does not declare it gets the link in the answer, as on 2025 eras.
    const plain = await http.connectMcp({ key, era: 'modern' });
    const direct = await ask(plain, { projectKey, destination: 'site' });
    expect((direct.structuredContent as unknown as Asked).confirmUrl).not.toBe(answer.confirmUrl);
    expect(opened).toHaveLength(1);
  });
});
