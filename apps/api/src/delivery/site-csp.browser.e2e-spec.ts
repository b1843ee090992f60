import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createHash } from 'node:crypto';
import { type Browser } from 'playwright-core';
import { type Interaction } from '#folio/content';
import { type TestApp } from '#folio/testing';

// A published site whose content carries an inline <script> past the renderer, as a sanitizer bug would let
// one through: the site's policy names only the renderer's own runtime, so the injected script stays inert
// (and never sees the visitor's cookies) while the page's interactions still play.

const injected = 'document.documentElement.dataset.injected = "ran"';
// The sanitizer failing open: every element text reaches the page as written.
jest.unstable_mockModule('sanitize-html', () => ({ default: (html: string) => html }));

const { newPublicKey } = await import('#folio/content');
const { PrismaService } = await import('#folio/db');
const { draftAuthor, ProjectWriter } = await import('#folio/projects');
const { PublishService } = await import('#folio/publishing');
const { launchChromium, newProject, newUser, startTestApp } = await import('#folio/testing');

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('a published site with a script smuggled into its content', () => {
  let app: TestApp;
  let browser: Browser;
  let siteUrl: string;
  let targetKey: string;

  beforeAll(async () => {
    app = await startTestApp({ app: 'api' });
    const owner = await newUser(app);
    const project = await newProject(app, owner);
    const button = newPublicKey();
    const target = (targetKey = newPublicKey());
    const fade: Interaction = {
      trigger: { type: 'click', elementKey: button },
      actions: [
        {
          targetKey: target,
          keyframes: [{ opacity: 1 }, { opacity: 0.25 }],
          timing: { duration: 60, easing: 'linear', fill: 'forwards' },
        },
      ],
    };
    const section = {
      key: newPublicKey(),
      title: 'Smuggler',
      type: 'content',
      tree: {
        key: newPublicKey(),
        type: 'frame' as const,
        children: [
          { key: button, type: 'button' as const, text: 'Play' },
          { key: target, type: 'text' as const, text: `Hello<script>${injected}</script>` },
        ],
      },
      styles: {},
      interactions: [fade],
    };
    await app.get(PrismaService).$transaction((tx) =>
      app.get(ProjectWriter).appendSections(tx, project.projectId, project.homePageId, [section], {
        author: draftAuthor(owner.actor),
        summary: 'added 1 section',
      }),
    );
    const published = await app
      .get(PublishService)
      .publish(owner.actor, project.projectKey, { destination: 'site', slug: 'smuggled' });
    siteUrl = published.url!.replace(app.config.publicBaseUrl, app.baseUrl);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('names only the renderer’s runtime in its policy, not the injected script', async () => {
    const answer = await fetch(siteUrl);
    const html = await answer.text();
    expect(html).toContain(`<script>${injected}</script>`);
    const policy = answer.headers.get('content-security-policy')!;
    expect(policy).not.toContain(sha256(injected));
    expect(policy).toMatch(/script-src 'self' 'sha256-[^']+'; /);
  });

  it('keeps the injected script from running while the interaction still plays', async () => {
    const page = await browser.newPage();
    await page.goto(siteUrl);
    const opacity = () =>
      page.evaluate((id) => getComputedStyle(document.getElementById(id)!).opacity, targetKey);
    expect(await page.evaluate(() => document.documentElement.dataset.injected)).toBeUndefined();
    expect(await opacity()).toBe('1');
    await page.click('button');
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState === 'finished'));
    expect(await opacity()).toBe('0.25');
    await page.close();
  });
});
