import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { defaultTheme, fontStacks, type Theme, typeScale } from '#folio/content';
import { PrismaService } from '#folio/db';
import { ProjectWriter } from '#folio/projects';
import { PublishService } from '#folio/publishing';
import { servedFontPath, servedFonts } from '#folio/render';
import { newProject, newUser, startTestApp, type TestApp } from '#folio/testing';

// Theme fonts over real HTTP on the real api app, and the @font-face rules of a published site and embed
// pointing at them: a project themed with Fraunces headings and Inter text.

const publicBaseUrl = 'https://folio.example';

/** Fraunces (a catalog font) for headings, Inter for text: the default theme otherwise. */
const serifTheme: Theme = {
  ...defaultTheme,
  textStyles: typeScale({
    heading: fontStacks.serif,
    body: fontStacks.sans,
    headingWeight: 600,
    tightTracking: '-0.02em',
  }),
  fonts: [{ family: 'Fraunces', weights: [400, 600] }],
};

let app: TestApp;
let base: string;
/** The themed project's embed script of its home page. */
let embedUrl: string;

beforeAll(async () => {
  app = await startTestApp({ app: 'api', env: { PUBLIC_BASE_URL: publicBaseUrl } });
  base = app.baseUrl;
  const owner = await newUser(app);
  const project = await newProject(app, owner, { pages: [{ sections: [{ title: 'Fresh coffee' }] }] });
  await app
    .get(PrismaService)
    .$transaction((tx) => app.get(ProjectWriter).setTheme(tx, project.projectId, serifTheme));
  const publish = app.get(PublishService);
  await publish.publish(owner.actor, project.projectKey, {
    destination: 'site',
    slug: 'fresh-coffee',
  });
  await publish.publish(owner.actor, project.projectKey, { destination: 'embed' });
  embedUrl = `${base}/embed/${project.projectKey}/${project.homePageKey}.js`;
});
afterAll(() => app?.close());

describe('GET /fonts/:file', () => {
  it('serves each catalog font from its package to any origin, cached for a year', async () => {
    for (const font of servedFonts) {
      const response = await fetch(`${base}/fonts/${font.file}`, {
        headers: { origin: 'https://host.example' },
      });
      expect(response.status).toBe(200);
      expect(Object.fromEntries(response.headers)).toMatchObject({
        'content-type': 'font/woff2',
        'cache-control': 'public, max-age=604800, stale-while-revalidate=86400',
        'access-control-allow-origin': '*',
        'cross-origin-resource-policy': 'cross-origin',
      });
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.equals(await readFile(servedFontPath(font.file)!))).toBe(true);

      const etag = response.headers.get('etag')!;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
      const again = await fetch(`${base}/fonts/${font.file}`, { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
    }
  });

  it('answers HEAD without a body', async () => {
    const response = await fetch(`${base}/fonts/inter-latin-wght-normal.woff2`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('font/woff2');
    expect(await response.text()).toBe('');
  });

  it.each([
    'lobster-latin-wght-normal.woff2',
    'inter-latin-wght-italic.woff2',
    'Inter-latin-wght-normal.woff2',
    '..%2Fpackage.json',
    '..%2F..%2F..%2Fpackage.json',
    '%2Fetc%2Fpasswd',
  ])('answers 404 for %s, which is not a catalog file', async (file) => {
    const response = await fetch(`${base}/fonts/${file}`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).not.toBe('font/woff2');
  });

  it('does not serve other files of the font packages', async () => {
    for (const path of ['/fonts/../package.json', '/fonts/files/inter-latin-wght-normal.woff2']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status).toBe(404);
    }
    // A NUL byte makes a malformed name, refused like any other before anything reads it.
    expect((await fetch(`${base}/fonts/inter-latin-wght-normal.woff2%00`)).status).toBe(404);
  });
});

describe('theme fonts in delivered pages', () => {
  const fontUrl = (file: string) => `${publicBaseUrl}/fonts/${file}`;

  it('declare @font-face for the site’s fonts on Folio’s origin, which the policy allows', async () => {
    const response = await fetch(`${base}/sites/fresh-coffee/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(
      `@font-face{font-family:"Fraunces";src:url("${fontUrl('fraunces-latin-wght-normal.woff2')}") format("woff2");font-weight:100 900;font-style:normal;font-display:swap}`,
    );
    expect(html).toContain(`src:url("${fontUrl('inter-latin-wght-normal.woff2')}") format("woff2")`);
    expect(html).not.toContain('manrope');
    expect(html).not.toMatch(/fonts\.(googleapis|gstatic)\.com/);
    const policy = response.headers.get('content-security-policy')!;
    expect(policy).toContain(`font-src 'self' ${publicBaseUrl} `);
  });

  it('declare them in embed scripts with absolute URLs, in the document for shadow roots', async () => {
    for (const query of ['', '?shadowdom=1']) {
      const script = await (await fetch(`${embedUrl}${query}`)).text();
      expect(script).toContain(
        `@font-face{font-family:\\"Fraunces\\";src:url(\\"${fontUrl('fraunces-latin-wght-normal.woff2')}\\")`,
      );
      expect(script.includes('"fontCss":')).toBe(query !== '');
    }
  });
});
