import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Client } from '@modelcontextprotocol/client';
import { scopes } from '#folio/identity';
import { PublishService } from '#folio/publishing';
import {
  newApiKey,
  newProject,
  newUser,
  ownAddress,
  rawRequest,
  startTestApp,
  type TestApp,
  type TestUser,
} from '#folio/testing';

// With SITES_BASE_URL, published sites and embeds live on a host of their own (here 127.0.0.1, while the
// app's public host is localhost: the same listener, another cookie jar). Every address handed out names
// it, the app serves design content only there, and nothing of the people-facing app answers on it.

describe('sites and embeds on their own origin (SITES_BASE_URL)', () => {
  let app: TestApp;
  let main: string;
  let sites: string;
  let owner: TestUser;
  let projectKey: string;
  let homePageKey: string;
  let mcp: Client;
  let published: { site: string | null; embed: string | null };

  beforeAll(async () => {
    const address = await ownAddress();
    main = address.PUBLIC_BASE_URL;
    sites = `http://127.0.0.1:${address.PORT}`;
    app = await startTestApp({ app: 'standalone', env: { ...address, SITES_BASE_URL: sites } });
    owner = await newUser(app);
    const project = await newProject(app, owner, {
      title: 'Harbour Coffee',
      pages: [{ sections: [{ title: 'Welcome', text: 'Roasted by the harbour.' }] }],
    });
    ({ projectKey, homePageKey } = project);
    const publishing = app.get(PublishService);
    published = {
      site: (await publishing.publish(owner.actor, projectKey, { destination: 'site', slug: 'harbour' })).url,
      embed: (await publishing.publish(owner.actor, projectKey, { destination: 'embed' })).url,
    };
    mcp = await app.connectMcp({ key: (await newApiKey(app, owner, { scopes: [...scopes] })).text });
  });

  afterAll(() => app?.close());

  async function call(name: string, args: Record<string, unknown>) {
    const result = await mcp.callTool({ name, arguments: args });
    expect(result.isError).toBeFalsy();
    return result.structuredContent as Record<string, unknown>;
  }

  it('hands out site and embed addresses on the sites origin, editor addresses on the main one', async () => {
    expect(published).toEqual({
      site: `${sites}/sites/harbour/`,
      embed: `${sites}/embed/${projectKey}/${homePageKey}.js`,
    });

    const found = await call('find_projects', { ids: [projectKey] });
    const [project] = found.projects as {
      publishState: { destinations: { url: string }[] };
      editorUrl: string;
    }[];
    expect(project.publishState.destinations.map((destination) => destination.url)).toEqual([
      published.site,
      published.embed,
    ]);
    expect(project.editorUrl).toBe(`${main}/editor/${projectKey}`);

    const embed = await call('get_embed_code', { projectKey });
    expect(embed.embedUrl).toBe(published.embed);
    expect(embed.scriptTag).toContain(`src="${published.embed}"`);

    const editor = await fetch(`${main}/editor/${projectKey}`, { headers: { cookie: owner.cookie } });
    const html = await editor.text();
    expect(editor.status).toBe(200);
    expect(html).toContain(`href="${published.site}"`);
    expect(html).toContain(`<code>${sites}/sites/harbour/</code>`);
    expect(html).not.toContain(`${main}/sites/`);
  });

  it('finds a project by the address of its site or embed on the sites origin', async () => {
    for (const url of [`${sites}/sites/harbour/`, `${sites}/embed/${projectKey}/${homePageKey}.js`]) {
      const found = await call('find_projects', { url });
      expect((found.projects as { projectKey: string }[]).map((p) => p.projectKey)).toEqual([projectKey]);
    }
  });

  it('serves the site and the embed script on the sites origin', async () => {
    const site = await fetch(published.site!);
    expect(site.status).toBe(200);
    expect(await site.text()).toContain('Roasted by the harbour.');
    const embed = await fetch(published.embed!);
    expect(embed.status).toBe(200);
    expect(embed.headers.get('content-type')).toMatch(/javascript/);
  });

  it('answers crawlers on the sites origin: robots.txt naming each sitemap there, and the sitemap', async () => {
    const robots = await fetch(`${sites}/robots.txt`);
    expect(robots.status).toBe(200);
    const text = await robots.text();
    expect(text).toContain('Allow: /sites/');
    expect(text).toContain(`Sitemap: ${sites}/sites/harbour/sitemap.xml`);
    const siteMap = await fetch(`${sites}/sites/harbour/sitemap.xml`);
    expect(siteMap.status).toBe(200);
    expect(await siteMap.text()).toContain(`<loc>${sites}/sites/harbour/</loc>`);
  });

  it('sends visitors of a site or embed address on the main origin to the sites origin', async () => {
    for (const path of ['/sites/harbour/', `/embed/${projectKey}/${homePageKey}.js?shadowdom=1`]) {
      const answer = await fetch(`${main}${path}`, { redirect: 'manual' });
      expect(answer.status).toBe(308);
      expect(answer.headers.get('location')).toBe(`${sites}${path}`);
    }
  });

  it('never serves a site or an embed on the main origin, however its path is spelled', async () => {
    const embedPath = `/embed/${projectKey}/${homePageKey}.js`;
    const spellings: [string, string][] = [
      ['/Sites/harbour/', '/sites/harbour/'],
      ['/SITES/harbour/', '/sites/harbour/'],
      [`/EMBED/${projectKey}/${homePageKey}.js`, embedPath],
      [`/Embed/${projectKey}/${homePageKey}.js?shadowdom=1`, `${embedPath}?shadowdom=1`],
      ['/%73ites/harbour/', '/sites/harbour/'],
      ['//sites//harbour/', '/sites/harbour/'],
      ['/x/../sites/harbour/', '/sites/harbour/'],
      ['/x/%2e%2e/sites/harbour/', '/sites/harbour/'],
    ];
    for (const method of ['GET', 'HEAD']) {
      for (const [path, canonical] of spellings) {
        const answer = await rawRequest(main, { method, path });
        expect([method, path, answer.status, answer.headers.location]).toEqual([
          method,
          path,
          308,
          `${sites}${canonical}`,
        ]);
      }
    }
    for (const [method, path] of [
      ['POST', '/Sites/harbour/'],
      ['GET', '/sites/../login'],
      ['GET', '/sites/%2e%2e/account'],
    ]) {
      const answer = await rawRequest(main, { method, path, headers: { cookie: owner.cookie } });
      expect([method, path, answer.status]).toEqual([method, path, 404]);
    }
  });

  it('answers on the sites origin only delivery paths written as such', async () => {
    for (const path of [
      '/Sites/harbour/',
      `/EMBED/${projectKey}/${homePageKey}.js`,
      '//sites/harbour/',
      '/sites/../login',
      '/sites/%2e%2e/login',
      '/sites/harbour/../../account',
      '/embed/..%2F..%2Fv2%2Fmcp',
      '/embed/a*%2F;alert(document.domain);%2F%2F/x.js',
    ]) {
      for (const method of ['GET', 'HEAD']) {
        const answer = await rawRequest(sites, { method, path, headers: { cookie: owner.cookie } });
        expect([method, path, answer.status]).toEqual([method, path, 404]);
        expect(answer.headers['content-type']).not.toMatch(/html|javascript/);
        expect(answer.headers['set-cookie']).toBeUndefined();
      }
    }
  });

  it('tells the origins apart by the Host header, not by X-Forwarded-Host', async () => {
    const mainHost = new URL(main).host;
    const sitesHost = new URL(sites).host;
    for (const path of ['/login', '/account', '/v2/mcp', `/editor/${projectKey}`]) {
      const answer = await rawRequest(sites, {
        path,
        headers: { 'x-forwarded-host': mainHost, cookie: owner.cookie },
      });
      expect([path, answer.status]).toEqual([path, 404]);
    }
    const mcpPost = await rawRequest(sites, {
      method: 'POST',
      path: '/v2/mcp',
      headers: { 'x-forwarded-host': mainHost, 'content-type': 'application/json' },
    });
    expect(mcpPost.status).toBe(404);
    // A trailing dot or another port names the same host.
    for (const host of [`127.0.0.1.:${new URL(sites).port}`, '127.0.0.1', '127.0.0.1:1']) {
      const answer = await rawRequest(sites, { path: '/login', headers: { host } });
      expect([host, answer.status]).toEqual([host, 404]);
    }
    const site = await rawRequest(main, {
      path: '/sites/harbour/',
      headers: { 'x-forwarded-host': sitesHost },
    });
    expect(site.status).toBe(308);
  });

  it('answers nothing of the people-facing app on the sites origin', async () => {
    const refused = [
      '/account',
      '/account/apps',
      '/login',
      `/editor/${projectKey}`,
      '/oauth/auth?client_id=x',
      '/.well-known/oauth-authorization-server',
      '/v2/mcp',
    ];
    for (const path of refused) {
      const answer = await fetch(`${sites}${path}`, {
        headers: { cookie: owner.cookie },
        redirect: 'manual',
      });
      expect([path, answer.status]).toEqual([path, 404]);
      expect(answer.headers.get('set-cookie')).toBeNull();
    }
    const mcpPost = await fetch(`${sites}/v2/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(mcpPost.status).toBe(404);
  });
});
