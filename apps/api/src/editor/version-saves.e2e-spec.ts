import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { JobQueue } from '#folio/jobs';
import { ProjectCreator } from '#folio/projects';
import {
  freePort,
  newProject,
  newUser,
  pageText,
  startTestApp,
  type TestApp,
  type TestUser,
} from '#folio/testing';

// What saving a version costs everyone else (issue 21): every new version queues a Chromium capture per
// section, so a save that changes nothing queues none, new versions per project are rate-limited, and a
// publish that fails leaves no version behind — over real HTTP, through the editor's forms.

const versionsPerMinute = 3;

let app: TestApp;
let owner: TestUser;
let origin: string;

beforeAll(async () => {
  app = await startTestApp({
    app: 'api',
    // The closed webhook port below is on loopback, which outbound requests otherwise refuse.
    env: { OUTBOUND_ALLOW_PRIVATE: 'true', RATE_LIMIT_VERSIONS_PER_MINUTE: String(versionsPerMinute) },
  });
  origin = new URL(app.database.config.publicBaseUrl).origin;
  owner = await newUser(app);
});
afterAll(() => app?.close());

function post(path: string, fields: Record<string, string> = {}): Promise<Response> {
  return fetch(`${app.baseUrl}${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: owner.cookie, origin },
    redirect: 'manual',
  });
}

/** What the editor says after a post: the page its 303 leads to, as the owner's browser follows it. */
async function outcomeOf(response: Response): Promise<string> {
  expect(response.status).toBe(303);
  const page = await fetch(new URL(response.headers.get('location')!, app.baseUrl), {
    headers: { cookie: owner.cookie },
  });
  return pageText(await page.text());
}

/** A project of the owner's with three sections on its home page. */
async function threeSections(): Promise<string> {
  const project = await newProject(app, owner, {
    pages: [{ sections: [{ title: 'Hero' }, { title: 'Menu' }, { title: 'Visit us' }] }],
  });
  return project.projectKey;
}

/** A change to the project, as an editor makes it: a new page. */
async function edit(projectKey: string): Promise<void> {
  await app.get(ProjectCreator).createPage(owner.actor, projectKey, { title: 'Another page' });
}

async function versionNumbers(projectKey: string): Promise<number[]> {
  const versions = await app.prisma.projectVersion.findMany({
    where: { project: { key: projectKey } },
    orderBy: { number: 'asc' },
  });
  return versions.map((version) => version.number);
}

/** Every section-screenshot job queued so far, whatever became of it. */
async function capturesQueued(): Promise<number> {
  const queue = (await app.get(JobQueue).overview()).find((q) => q.name === 'section-screenshot');
  return queue ? Object.values(queue.counts).reduce((sum, count) => sum + count, 0) : 0;
}

describe('saving a version', () => {
  it('answers the same version and queues no captures when nothing changed since the last save', async () => {
    const projectKey = await threeSections();
    const queuedBefore = await capturesQueued();
    const first = await post(`/editor/${projectKey}/versions`);
    expect(await outcomeOf(first)).toContain('Saved version 1.');
    expect(await capturesQueued()).toBe(queuedBefore + 3);

    const again = await post(`/editor/${projectKey}/versions`);
    expect(await outcomeOf(again)).toContain('Saved version 1.');
    expect(await versionNumbers(projectKey)).toEqual([1]);
    expect(await capturesQueued()).toBe(queuedBefore + 3);
  });

  it(`refuses more than ${versionsPerMinute} new versions of a project a minute, saying when to retry`, async () => {
    const projectKey = await threeSections();
    for (let saved = 1; saved <= versionsPerMinute; saved++) {
      await edit(projectKey);
      expect((await post(`/editor/${projectKey}/versions`)).status).toBe(303);
    }
    await edit(projectKey);
    const refused = await post(`/editor/${projectKey}/versions`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(pageText(await refused.text())).toMatch(/at most 3 new versions a minute: try again in \d+ s/);
    expect(await versionNumbers(projectKey)).toEqual([1, 2, 3]);
  });
});

describe('publishing', () => {
  it('leaves the version number unchanged when the webhook does not accept the publish', async () => {
    const projectKey = await threeSections();
    await post(`/editor/${projectKey}/versions`);
    const queuedBefore = await capturesQueued();
    const hook = `http://127.0.0.1:${await freePort()}/closed`;
    for (let attempt = 0; attempt < 3; attempt++) {
      await edit(projectKey);
      const response = await post(`/editor/${projectKey}/publish`, {
        destination: 'webhook',
        webhookUrl: hook,
        webhookSecret: 'a webhook secret of some length',
      });
      expect(await outcomeOf(response)).toMatch(
        /Version \d+ was not accepted by the webhook after \d+ attempts/,
      );
    }
    expect(await versionNumbers(projectKey)).toEqual([1]);
    expect(await capturesQueued()).toBe(queuedBefore);
  }, 120_000);

  it('publishes the newest version again when nothing changed, and a new one when something did', async () => {
    const projectKey = await threeSections();
    const first = await post(`/editor/${projectKey}/publish`, { destination: 'embed' });
    expect(await outcomeOf(first)).toContain('Version 1 is published as an embed');
    const again = await post(`/editor/${projectKey}/publish`, { destination: 'embed' });
    expect(await outcomeOf(again)).toContain('Version 1 is published as an embed');
    await edit(projectKey);
    const changed = await post(`/editor/${projectKey}/publish`, { destination: 'embed' });
    expect(await outcomeOf(changed)).toContain('Version 2 is published as an embed');
    expect(await versionNumbers(projectKey)).toEqual([1, 2]);
  });
});
