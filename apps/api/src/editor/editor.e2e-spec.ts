import { createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PublishService, signWebhookBody } from '#folio/publishing';
import {
  actorNow,
  newOrganization,
  newProject,
  newUser,
  pageText,
  startTestApp,
  type TestApp,
  type TestOrganization,
  type TestUser,
} from '#folio/testing';

// The editor page and its actions over real HTTP: login redirects, the access policy, the same-origin
// rule for form posts, saving versions and publishing — on an organization's two projects, Northwind
// (published as a site and an embed, at version 1) and Atlas (not published).

let app: TestApp;
let database: TestApp['database'];
let base: string;
let origin: string;
let owner: TestUser;
let organization: TestOrganization;
const northwind = { key: '', homeKey: '', pageKeys: [] as string[] };
let atlasKey: string;
const cookies: Record<'owner' | 'viewer' | 'outsider', string> = { owner: '', viewer: '', outsider: '' };

beforeAll(async () => {
  // The webhook receiver below listens on loopback, which outbound requests otherwise refuse.
  app = await startTestApp({ app: 'api', env: { OUTBOUND_ALLOW_PRIVATE: 'true' } });
  ({ database, baseUrl: base } = app);
  origin = new URL(database.config.publicBaseUrl).origin;

  owner = await newUser(app);
  const viewer = await newUser(app);
  const outsider = await newUser(app, { email: 'outsider@example.test', name: 'Oscar Outsider' });
  organization = await newOrganization(app, {
    members: [
      { user: owner, role: 'owner' },
      { user: viewer, role: 'viewer' },
    ],
  });
  Object.assign(cookies, { owner: owner.cookie, viewer: viewer.cookie, outsider: outsider.cookie });

  const editor = await actorNow(app, owner);
  const inOrganization = { accountKey: organization.key };
  const project = await newProject(app, editor, {
    ...inOrganization,
    title: 'Northwind Coffee Roasters',
    pages: [{ sections: [{ title: 'Hero' }] }, { title: 'Coffee', sections: [{ title: 'Our beans' }] }],
  });
  const publish = app.get(PublishService);
  await publish.publish(editor.actor, project.projectKey, {
    destination: 'site',
    slug: 'northwind-coffee',
  });
  await publish.publish(editor.actor, project.projectKey, { destination: 'embed' });
  northwind.key = project.projectKey;
  northwind.homeKey = project.homePageKey;
  northwind.pageKeys = project.pages.map((page) => page.pageKey);
  atlasKey = (await newProject(app, editor, { ...inOrganization, title: 'Atlas Analytics' })).projectKey;
});
afterAll(() => app?.close());

function get(path: string, who?: keyof typeof cookies): Promise<Response> {
  return fetch(`${base}${path}`, { headers: who ? { cookie: cookies[who] } : {}, redirect: 'manual' });
}

function post(
  path: string,
  fields: Record<string, string>,
  who: keyof typeof cookies | undefined,
  headers: Record<string, string> = { origin },
): Promise<Response> {
  return fetch(`${base}${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(who ? { cookie: cookies[who] } : {}),
      ...headers,
    },
    redirect: 'manual',
  });
}

describe('GET /editor/:projectKey[/:pageKey]', () => {
  it('sends anonymous visitors to the login page, coming back here afterwards', async () => {
    const response = await get(`/editor/${northwind.key}/${northwind.homeKey}`);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(
      `/login?next=${encodeURIComponent(`/editor/${northwind.key}/${northwind.homeKey}`)}`,
    );
    const stale = await fetch(`${base}/editor/${northwind.key}`, {
      headers: { cookie: 'folio_session=not-a-live-session-token-at-all-000000000000' },
      redirect: 'manual',
    });
    expect(stale.status).toBe(303);
  });

  it('shows the owner the page list, the rendered draft, the versions and the publish dialog', async () => {
    const response = await get(`/editor/${northwind.key}`, 'owner');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const policy = response.headers.get('content-security-policy')!;
    expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(policy).toContain("frame-ancestors 'none'");
    const html = await response.text();
    for (const pageKey of northwind.pageKeys)
      expect(html).toContain(`href="/editor/${northwind.key}/${pageKey}"`);
    expect(html).toContain(`href="/editor/${northwind.key}/${northwind.homeKey}" aria-current="page"`);
    expect(html).toMatch(
      /<iframe class="preview-frame"[^>]* sandbox="allow-scripts" srcdoc="&lt;!doctype html&gt;/i,
    );
    const text = pageText(html);
    expect(text).toContain('Northwind Coffee Roasters');
    expect(text).toMatch(/Version 1\s*Published/);
    expect(html).toContain('<dialog id="publish-dialog"');
    expect(text).toContain('Get embed code');
    // Every script of the page carries the response's nonce.
    const nonce = /'nonce-([^']+)'/.exec(policy)![1];
    for (const [, attributes] of html.matchAll(/<script\b([^>]*)>/g))
      expect(attributes).toContain(`nonce="${nonce}"`);
  });

  it('answers an unknown project, an invisible one and an unknown page with the same kind of 404 page', async () => {
    for (const [path, who] of [
      ['/editor/NoSuchProject1', 'owner'],
      [`/editor/${northwind.key}`, 'outsider'],
      [`/editor/${northwind.key}/NoSuchPage01`, 'owner'],
    ] as const) {
      const response = await get(path, who);
      expect(response.status).toBe(404);
      const text = pageText(await response.text());
      expect(text).toContain('Project not found');
      expect(text).not.toContain('Northwind Coffee Roasters');
    }
  });

  it('shows a viewer the project without the publish dialog or save button', async () => {
    const response = await get(`/editor/${northwind.key}`, 'viewer');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).not.toContain('<dialog');
    expect(html).not.toContain('Save version');
    expect(pageText(html)).toContain('publishing needs the editor role');
  });
});

describe('POST /editor/:projectKey/versions and /publish', () => {
  it('refuses form posts that did not come from a Folio page', async () => {
    const path = `/editor/${northwind.key}/versions`;
    const before = await database.prisma.projectVersion.count();
    for (const headers of [
      {} as Record<string, string>,
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
    ]) {
      const response = await post(path, {}, 'owner', headers);
      expect(response.status).toBe(403);
      expect(pageText(await response.text())).toContain('did not come from a Folio page');
    }
    expect(await database.prisma.projectVersion.count()).toBe(before);
  });

  it('saves a version (the newest, the draft being unchanged since) and comes back to the page it was on', async () => {
    const response = await post(
      `/editor/${northwind.key}/versions`,
      { pageKey: northwind.pageKeys[1] },
      'owner',
    );
    expect(response.status).toBe(303);
    const location = `/editor/${northwind.key}/${northwind.pageKeys[1]}`;
    expect(response.headers.get('location')).toBe(location);
    const page = pageText(await (await get(location, 'owner')).text());
    expect(page).toContain('Saved version 1.');
    expect(page).toMatch(/Version 1\s/);
    expect(page).not.toMatch(/Version 2\s/);
    // The notice is the session's, shown once: a reload, another person or a link says nothing.
    expect(pageText(await (await get(location, 'owner')).text())).not.toContain('Saved version');
  });

  it('shows outcomes only from the session: a link with made-up ones shows none', async () => {
    const path = `/editor/${northwind.key}/${northwind.homeKey}`;
    const spoofed = new URLSearchParams({
      saved: '99',
      published: 'webhook',
      version: '99',
      delivered: '1',
      status: '200',
    });
    const html = await (await get(`${path}?${spoofed}`, 'owner')).text();
    expect(pageText(html)).not.toContain('Saved version 99');
    expect(pageText(html)).not.toContain('Version 99');
    expect(html).not.toContain(' open data-show-modal');
  });

  it('also accepts Sec-Fetch-Site: same-origin from browsers that send no Origin', async () => {
    const response = await post(`/editor/${northwind.key}/versions`, {}, 'owner', {
      'sec-fetch-site': 'same-origin',
    });
    expect(response.status).toBe(303);
  });

  it('publishes to embed and shows the snippet of the page with the chosen options', async () => {
    const embed = `/embed/${northwind.key}/${northwind.homeKey}.js`;
    expect((await get(embed)).headers.get('etag')).toMatch(/^"v1-/);
    const response = await post(
      `/editor/${northwind.key}/publish`,
      { destination: 'embed', pageKey: northwind.homeKey, shadowdom: 'on', version: '' },
      'owner',
    );
    expect(response.status).toBe(303);
    const location = response.headers.get('location')!;
    expect(location).toBe(`/editor/${northwind.key}/${northwind.homeKey}`);
    const html = await (await get(location, 'owner')).text();
    const snippet = /<textarea id="embed-snippet"[^>]*>([^<]*)<\/textarea>/.exec(html)![1];
    expect(snippet).toBe(
      `&lt;script src=&quot;${database.config.publicBaseUrl}/embed/${northwind.key}/${northwind.homeKey}.js?shadowdom=1&quot; async&gt;&lt;/script&gt;`,
    );
    expect(html).toContain(
      '<dialog id="publish-dialog" class="dialog" aria-labelledby="publish-heading" open data-show-modal>',
    );
    const version = /Version (\d+) is published as an embed/.exec(pageText(html))?.[1];
    expect(version).toBeDefined();
    // This process's embed scripts serve the new version at once.
    expect((await get(embed)).headers.get('etag')).toMatch(new RegExp(`^"v${version}-`));
  });

  it("fills in the site address from the publish state: the site's slug, or the one suggested for a first site", async () => {
    const published = await (await get(`/editor/${northwind.key}?publish=1`, 'owner')).text();
    expect(published).toMatch(/<input id="publish-slug"[^>]* value="northwind-coffee"/);
    expect(published).toContain('/sites/northwind-coffee/</code>');
    const unpublished = await (await get(`/editor/${atlasKey}?publish=1`, 'owner')).text();
    expect(unpublished).toMatch(/<input id="publish-slug"[^>]* value="atlas-analytics"/);
    expect(unpublished).toContain('/sites/&lt;slug&gt;/</code>');
  });

  it('publishes a site, and shows a taken slug in the dialog without publishing', async () => {
    const site = await post(
      `/editor/${atlasKey}/publish`,
      { destination: 'site', slug: 'northwind-coffee' },
      'owner',
    );
    expect(site.status).toBe(409);
    const html = await site.text();
    expect(pageText(html)).toContain('Not published: The site address "northwind-coffee" is taken');
    expect(html).toContain('value="northwind-coffee"');
    expect(await database.prisma.publication.count({ where: { project: { key: atlasKey } } })).toBe(0);
    const published = () =>
      database.prisma.auditEvent.findMany({
        where: { action: 'project.published', targetId: atlasKey },
        include: { actor: { select: { email: true } }, account: { select: { key: true } } },
      });
    expect(await published()).toEqual([]);

    const ok = await post(
      `/editor/${atlasKey}/publish`,
      { destination: 'site', slug: 'atlas-site' },
      'owner',
    );
    expect(ok.status).toBe(303);
    const shown = await (await get(ok.headers.get('location')!, 'owner')).text();
    expect(pageText(shown)).toContain(`is live at ${database.config.publicBaseUrl}/sites/atlas-site/`);
    expect(await published()).toMatchObject([
      {
        actor: { email: owner.email },
        account: { key: organization.key },
        data: { destination: 'site', slug: 'atlas-site', title: 'Atlas Analytics' },
      },
    ]);
  });

  it('publishes a site from a form that names it by its former name, `hosting` (kept for one release)', async () => {
    const response = await post(
      `/editor/${atlasKey}/publish`,
      { destination: 'hosting', slug: 'atlas-former-name' },
      'owner',
    );
    expect(response.status).toBe(303);
    const shown = await (await get(response.headers.get('location')!, 'owner')).text();
    expect(pageText(shown)).toContain(`is live at ${database.config.publicBaseUrl}/sites/atlas-former-name/`);
    expect(
      await database.prisma.publication.findMany({
        where: { project: { key: atlasKey } },
        select: { kind: true, slug: true },
      }),
    ).toEqual([{ kind: 'site', slug: 'atlas-former-name' }]);
  });

  it('publishes to a webhook: the endpoint gets the signed pages, the dialog says it was delivered', async () => {
    const received: { body: string; signature: string }[] = [];
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({
          body: Buffer.concat(chunks).toString(),
          signature: String(req.headers['x-folio-signature']),
        });
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
    const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/folio-hook`;
    const secret = 'a webhook secret of some length';
    try {
      const response = await post(
        `/editor/${northwind.key}/publish`,
        { destination: 'webhook', webhookUrl: hook, webhookSecret: secret, pageKey: northwind.homeKey },
        'owner',
      );
      expect(response.status).toBe(303);
      const location = response.headers.get('location')!;
      expect(location).toBe(`/editor/${northwind.key}/${northwind.homeKey}`);
      expect(received).toHaveLength(1);
      expect(received[0].signature).toBe(signWebhookBody(received[0].body, secret));
      const payload = JSON.parse(received[0].body) as {
        projectKey: string;
        pages: { pageKey: string; html: string; css: string }[];
      };
      expect(payload.projectKey).toBe(northwind.key);
      expect(payload.pages.map((page) => page.pageKey)).toEqual(northwind.pageKeys);
      // The receiver hosts the pages elsewhere: fonts (and any of our assets) are named by absolute URL.
      const base = database.config.publicBaseUrl;
      expect(payload.pages[0].css).toContain(`src:url("${base}/fonts/inter-latin-wght-normal.woff2")`);
      expect(JSON.stringify(payload)).not.toMatch(/["(]\/(assets|fonts)\//);
      const html = await (await get(location, 'owner')).text();
      expect(pageText(html)).toMatch(/Version \d+ was delivered to the webhook \(HTTP 200\)\./);
      // The secret is kept for the next publish, and never shown, nor written to the audit log.
      expect(html).not.toContain(secret);
      expect(JSON.stringify(await database.prisma.auditEvent.findMany())).not.toContain(secret);
      const again = await post(`/editor/${northwind.key}/publish`, { destination: 'webhook' }, 'owner');
      const shownAgain = await (await get(again.headers.get('location')!, 'owner')).text();
      expect(pageText(shownAgain)).toMatch(/Version \d+ was delivered to the webhook \(HTTP 200\)\./);
      expect(received).toHaveLength(2);
    } finally {
      receiver.close();
    }
  });

  it('refuses a bad form field by name, and a viewer with a 403 page', async () => {
    const bad = await post(
      `/editor/${northwind.key}/publish`,
      { destination: 'site', slug: 'Not A Slug' },
      'owner',
    );
    expect(bad.status).toBe(400);
    expect(pageText(await bad.text())).toContain('Not published: slug:');
    const viewer = await post(`/editor/${northwind.key}/publish`, { destination: 'embed' }, 'viewer');
    expect(viewer.status).toBe(403);
    expect(pageText(await viewer.text())).toContain('not change or publish it');
  });

  it('sends anonymous posts to the login page for the project', async () => {
    const response = await post(`/editor/${northwind.key}/publish`, { destination: 'embed' }, undefined);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(
      `/login?next=${encodeURIComponent(`/editor/${northwind.key}`)}`,
    );
  });
});
