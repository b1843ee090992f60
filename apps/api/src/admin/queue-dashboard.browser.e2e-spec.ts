import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Worker } from 'bullmq';
import { parse } from 'node-html-parser';
import { BullJobQueue, InProcessJobQueue, JobQueue, jobNames } from '#folio/jobs';
import {
  launchChromium,
  newOperator,
  newUser,
  recordPageErrors,
  startTestApp,
  type TestApp,
  waitUntil,
} from '#folio/testing';

// /admin/queues on the real api app: behind login and ADMIN_EMAILS on every path, our own page of the
// in-process runner without Redis, bull-board (UI and JSON API) with it.

const redisUrl = process.env.REDIS_URL;
const describeWithRedis = redisUrl ? describe : describe.skip;

interface Setup {
  database: TestApp['database'];
  app: TestApp;
  base: string;
  /** Cookie headers of an operator and of a signed-up person who is not one. */
  admin: string;
  viewer: string;
  adminToken: string;
}

async function setup(env: Record<string, string | undefined> = {}): Promise<Setup> {
  const app = await startTestApp({
    app: 'api',
    ownAddress: true,
    env: { ADMIN_EMAILS: 'opal@example.test', ...env },
  });
  const admin = (await newOperator(app)).cookie;
  return {
    database: app.database,
    app,
    base: app.baseUrl,
    adminToken: admin.slice('folio_session='.length),
    admin,
    viewer: (await newUser(app)).cookie,
  };
}

async function teardown(state: Setup | undefined): Promise<void> {
  await state?.app.close();
}

function get(state: Setup, path: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${state.base}${path}`, { headers, redirect: 'manual' });
}

async function expectLoginRedirect(state: Setup, path: string): Promise<void> {
  const response = await get(state, path);
  expect(response.status).toBe(303);
  expect(response.headers.get('location')).toBe(`/login?next=${encodeURIComponent(path)}`);
}

async function expectOperatorsOnly(state: Setup, path: string): Promise<void> {
  const response = await get(state, path, { cookie: state.viewer, accept: 'text/html' });
  expect(response.status).toBe(403);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  const html = await response.text();
  expect(parse(html).querySelector('h1')?.text).toBe('That did not work');
  expect(html).toContain('Folio&#39;s operators');
  expect(html).not.toMatch(/\bat \w+ \(|Error:/);
}

describe('without Redis: the in-process runner', () => {
  let state: Setup;
  // An id that is no uuid: the library-analysis processor fails on it, five times (about 30 s of retries).
  const brokenId = '<img src=x onerror=alert(1)>';

  beforeAll(async () => {
    state = await setup();
    expect(state.app.get(JobQueue)).toBeInstanceOf(InProcessJobQueue);
    await state.app.get(JobQueue).add('library-analysis', [{ id: brokenId, data: { libraryId: brokenId } }]);
  });
  afterAll(() => teardown(state));

  it('sends anonymous visitors to the login page, and back here after', async () => {
    await expectLoginRedirect(state, '/admin/queues');
    await expectLoginRedirect(state, '/admin/queues?from=mail');
  });

  it('refuses logged-in people who are not operators with a readable page', async () => {
    await expectOperatorsOnly(state, '/admin/queues');
  });

  it('shows operators the counts of every queue and the failed jobs, escaped', async () => {
    const jobs = state.app.get(InProcessJobQueue);
    await waitUntil(
      'a failed job',
      async () => {
        const overview = await jobs.overview();
        return overview.some((queue) => queue.failed.length > 0);
      },
      { timeoutMs: 50_000, intervalMs: 100 },
    );

    const response = await get(state, '/admin/queues', { cookie: state.admin });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    expect(html).not.toContain('<img src=x');
    const page = parse(html);
    expect(page.querySelector('h1')?.text).toBe('Job queues');
    const counts = page
      .querySelectorAll('[aria-labelledby="counts-heading"] tbody tr')
      .map((row) => row.querySelectorAll('th, td').map((cell) => cell.text.trim()));
    expect(counts.map(([name]) => name).sort()).toEqual([...jobNames].sort());
    expect(counts).toContainEqual(['library-analysis', '0', '0', '0', '0', '1']);
    const failed = page
      .querySelectorAll('[aria-labelledby="failed-heading"] tbody tr')
      .map((row) => row.querySelectorAll('td').map((cell) => cell.text.trim()));
    expect(failed).toContainEqual([
      expect.stringMatching(/UTC$/),
      'library-analysis',
      brokenId,
      '5',
      expect.stringMatching(/./),
    ]);
  }, 60_000);

  it('has nothing else under its path: the board and its API come with Redis', async () => {
    const response = await get(state, '/admin/queues/api/queues', { cookie: state.admin });
    expect(response.status).toBe(404);
  });
});

describeWithRedis('with Redis: bull-board', () => {
  let state: Setup;
  let worker: Worker | undefined;

  beforeAll(async () => {
    state = await setup({
      REDIS_URL: redisUrl,
      JOBS_PREFIX: `folio-test-${randomBytes(6).toString('hex')}`,
    });
  });
  afterAll(async () => {
    await worker?.close();
    await Promise.all(
      state?.app
        .get(BullJobQueue)
        .queues()
        .map((queue) => queue.obliterate({ force: true })) ?? [],
    );
    await teardown(state);
  });

  it('sends anonymous visitors to the login page from the page, its files and its API', async () => {
    await expectLoginRedirect(state, '/admin/queues');
    await expectLoginRedirect(state, '/admin/queues/static/favicon-32x32.png');
    await expectLoginRedirect(state, '/admin/queues/api/queues?activeQueue=library-analysis');
  });

  it('refuses people who are not operators, on every path', async () => {
    await expectOperatorsOnly(state, '/admin/queues');
    await expectOperatorsOnly(state, '/admin/queues/queue/library-analysis');
    const api = await get(state, '/admin/queues/api/queues', {
      cookie: state.viewer,
      accept: 'application/json',
    });
    expect(api.status).toBe(403);
    expect(await api.json()).toEqual({ error: 'That did not work', message: expect.any(String) });
  });

  it('shows operators a failed job through the JSON API', async () => {
    const { prefix } = state.database.config.jobs;
    worker = new Worker('library-analysis', () => Promise.reject(new Error('the analysis broke')), {
      connection: { url: redisUrl },
      prefix,
    });
    const queue = state.app
      .get(BullJobQueue)
      .queues()
      .find((q) => q.name === 'library-analysis')!;
    await queue.add('library-analysis', { libraryId: 'broken-1' }, { jobId: 'broken-1', attempts: 1 });
    await waitUntil('the failed job', async () => (await queue.getFailedCount()) === 1, { intervalMs: 100 });

    const response = await get(
      state,
      '/admin/queues/api/queues?activeQueue=library-analysis&status=failed&page=1&jobsPerPage=10',
      { cookie: state.admin },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as {
      queues: { name: string; counts: { failed: number }; jobs: { id: string; failedReason: string }[] }[];
    };
    expect(body.queues.map((q) => q.name).sort()).toEqual([...jobNames].sort());
    const analysis = body.queues.find((q) => q.name === 'library-analysis')!;
    expect(analysis.counts.failed).toBe(1);
    expect(analysis.jobs).toEqual([
      expect.objectContaining({ id: 'broken-1', failedReason: 'the analysis broke' }),
    ]);
  });

  it('refuses changes that do not come from a Folio page', async () => {
    const response = await fetch(`${state.base}/admin/queues/api/queues/library-analysis/broken-1/retry`, {
      method: 'PUT',
      headers: { cookie: state.admin, origin: 'https://attacker.example', accept: 'application/json' },
      redirect: 'manual',
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ message: expect.stringContaining('did not come from') });
  });

  it('runs its UI in Chromium under the content security policy', async () => {
    const browser = await launchChromium();
    try {
      const context = await browser.newContext();
      await context.addCookies([{ name: 'folio_session', value: state.adminToken, url: state.base }]);
      // The board links a Google Fonts stylesheet; the test machine is offline, so it gets an empty one.
      await context.route('https://fonts.googleapis.com/**', (route) =>
        route.fulfill({ contentType: 'text/css', body: '' }),
      );
      const page = await context.newPage();
      const errors = await recordPageErrors(page);

      await page.goto(`${state.base}/admin/queues`);
      for (const name of jobNames) await page.getByText(name, { exact: true }).first().waitFor();
      await page.goto(`${state.base}/admin/queues/queue/library-analysis?status=failed`);
      await page.getByText('the analysis broke').first().waitFor();
      // The board's own changes pass the same-origin check.
      const retry = await page.evaluate(async () => {
        const response = await fetch('api/queues/library-analysis/broken-1/retry', { method: 'PUT' });
        return response.status;
      });
      expect(retry).toBeLessThan(300);

      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await browser.close();
    }
  });
});
