import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { servedFontPath, servedFonts } from '#folio/render';
import { startTestApp, type TestApp } from '#folio/testing';

// Theme fonts over real HTTP on the real api app, and the @font-face rules of the seeded demo's published
// site (Northwind: Fraunces headings, Inter text) and embed pointing at them.

const publicBaseUrl = 'https://folio.example';

let app: TestApp;
let base: string;

beforeAll(async () => {
  app = await startTestApp({ app: 'api', demo: true, env: { PUBLIC_BASE_URL: publicBaseUrl } });
  base = app.baseUrl;
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
    // A NUL byte is refused before routing.
    expect((await fetch(`${base}/fonts/inter-latin-wght-normal.woff2%00`)).status).toBe(400);
  });
});

describe('theme fonts in delivered pages', () => {
  const fontUrl = (file: string) => `${publicBaseUrl}/fonts/${file}`;

  it('declare @font-face for the site’s fonts on Folio’s origin, which the policy allows', async () => {
    const response = await fetch(`${base}/sites/northwind-coffee/`);
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
    const project = await app.prisma.project.findFirstOrThrow({
      where: { title: 'Northwind Coffee Roasters' },
      select: { key: true, pages: { where: { isHome: true }, select: { key: true } } },
    });
    const url = `${base}/embed/${project.key}/${project.pages[0].key}.js`;
    for (const query of ['', '?shadowdom=1']) {
      const script = await (await fetch(`${url}${query}`)).text();
      expect(script).toContain(
        `@font-face{font-family:\\"Fraunces\\";src:url(\\"${fontUrl('fraunces-latin-wght-normal.woff2')}\\")`,
      );
      expect(script.includes('"fontCss":')).toBe(query !== '');
    }
  });
});
