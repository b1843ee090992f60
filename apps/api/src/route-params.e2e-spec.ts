import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { scopes } from '#folio/identity';
import { PublishService } from '#folio/publishing';
import {
  newApiKey,
  newOperator,
  newProject,
  newTemplate,
  newUser,
  rawRequest,
  startTestApp,
  type TestApp,
  type TestUser,
} from '#folio/testing';

// Route parameters over real HTTP on the standalone app (sites on PUBLIC_BASE_URL, no sites origin in front): each
// is checked against its format before anything reads it. A malformed one is a 404 on the delivery and
// editor routes and a 400 on the API, and no answer carries it into a script, a page or a stylesheet.

/** Values no key, slug, page path, asset or font name can be; written into paths percent-encoded. */
const malformed = [
  'a*/;alert(document.domain);//',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '*/alert(1)/*',
  '..',
  'x',
  'k'.repeat(40),
  '7digitFirst',
  'with space',
  'Kelvin\u212Aey',
];

const hostileMarks = ['alert(', '<script', 'onerror'];

let app: TestApp;
let owner: TestUser;
let operator: TestUser;
let projectKey: string;
let pageKey: string;
let apiKey: string;
let templateKey: string;

beforeAll(async () => {
  app = await startTestApp({ app: 'standalone', env: { ADMIN_EMAILS: 'opal@example.test' } });
  owner = await newUser(app);
  operator = await newOperator(app);
  const project = await newProject(app, owner, {
    title: 'Harbour Coffee',
    pages: [{ sections: [{ title: 'Welcome', text: 'Roasted by the harbour.' }] }],
  });
  ({ projectKey, homePageKey: pageKey } = project);
  const publishing = app.get(PublishService);
  await publishing.publish(owner.actor, projectKey, { destination: 'site', slug: 'harbour' });
  await publishing.publish(owner.actor, projectKey, { destination: 'embed' });
  apiKey = (await newApiKey(app, owner, { scopes: [...scopes] })).text;
  templateKey = (await newTemplate(app, owner)).templateKey;
});
afterAll(() => app?.close());

interface Route {
  name: string;
  method: string;
  path: (value: string) => string;
  status: 404 | 400;
  headers?: () => Record<string, string>;
  /** A body the route takes, so that only the parameter is wrong. */
  body?: () => string;
}

const session = () => ({ cookie: owner.cookie, origin: new URL(app.config.publicBaseUrl).origin });
const operatorForm = () => ({
  cookie: operator.cookie,
  origin: new URL(app.config.publicBaseUrl).origin,
  'content-type': 'application/x-www-form-urlencoded',
});
const form = () => ({ ...session(), 'content-type': 'application/x-www-form-urlencoded' });
const json = () => ({ 'x-service-key': apiKey, 'content-type': 'application/json' });
const at = (value: string) => encodeURIComponent(value);

const routes: Route[] = [
  { name: 'embed project', method: 'GET', path: (v) => `/embed/${at(v)}/${pageKey}.js`, status: 404 },
  { name: 'embed page', method: 'GET', path: (v) => `/embed/${projectKey}/${at(v)}.js`, status: 404 },
  { name: 'site slug', method: 'GET', path: (v) => `/sites/${at(v)}/`, status: 404 },
  { name: 'site page path', method: 'GET', path: (v) => `/sites/harbour/${at(v)}`, status: 404 },
  { name: 'editor project', method: 'GET', path: (v) => `/editor/${at(v)}`, status: 404, headers: session },
  {
    name: 'editor page',
    method: 'GET',
    path: (v) => `/editor/${projectKey}/${at(v)}`,
    status: 404,
    headers: session,
  },
  {
    name: 'editor version save',
    method: 'POST',
    path: (v) => `/editor/${at(v)}/versions`,
    status: 404,
    headers: session,
  },
  {
    name: 'library AI switch',
    method: 'POST',
    path: (v) => `/editor/libraries/${at(v)}/ai`,
    status: 404,
    headers: () => ({ ...session(), 'content-type': 'application/x-www-form-urlencoded' }),
    body: () => 'enabled=true',
  },
  {
    name: 'operator credit move',
    method: 'POST',
    path: (v) => `/admin/credits/${at(v)}`,
    status: 404,
    headers: operatorForm,
    body: () => 'action=grant&amount=5&reason=test',
  },
  {
    name: 'key revocation',
    method: 'POST',
    path: (v) => `/account/keys/${at(v)}/revoke`,
    status: 404,
    headers: form,
    body: () => '',
  },
  {
    name: "members' keys (account)",
    method: 'GET',
    path: (v) => `/account/accounts/${at(v)}/keys`,
    status: 404,
    headers: session,
  },
  {
    name: 'member key revocation (account)',
    method: 'POST',
    path: (v) => `/account/accounts/${at(v)}/keys/keyNoSuchOne/revoke`,
    status: 404,
    headers: form,
    body: () => '',
  },
  {
    name: 'member key revocation (key)',
    method: 'POST',
    path: (v) => `/account/accounts/${owner.account.key}/keys/${at(v)}/revoke`,
    status: 404,
    headers: form,
    body: () => '',
  },
  { name: 'asset', method: 'GET', path: (v) => `/assets/${at(v)}`, status: 404 },
  { name: 'font', method: 'GET', path: (v) => `/fonts/${at(v)}`, status: 404 },
  {
    name: 'template schema',
    method: 'GET',
    path: (v) => `/project/templates/${at(v)}/schema`,
    status: 400,
    headers: json,
  },
  {
    name: 'template publication',
    method: 'PATCH',
    path: (v) => `/project/templates/${at(v)}`,
    status: 400,
    headers: json,
    body: () => JSON.stringify({ published: true }),
  },
  {
    name: 'project from template',
    method: 'POST',
    path: (v) => `/project/create-from-template/${at(v)}`,
    status: 400,
    headers: json,
    body: () => JSON.stringify({ title: 'Harbour', pages: [{ data: [{ _type: 'hero', title: 'Hello' }] }] }),
  },
  {
    name: 'page deletion (project)',
    method: 'DELETE',
    path: (v) => `/project/${at(v)}/page/${pageKey}`,
    status: 400,
    headers: json,
  },
  {
    name: 'page deletion (page)',
    method: 'DELETE',
    path: (v) => `/project/${projectKey}/page/${at(v)}`,
    status: 400,
    headers: json,
  },
];

describe('malformed route parameters', () => {
  it('refuse the embed script of the red-team request: no script, nothing of the path in the answer', async () => {
    const answer = await rawRequest(app.baseUrl, { path: '/embed/a*%2F;alert(document.domain);%2F%2F/x.js' });
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).not.toMatch(/javascript/);
    expect(answer.body).not.toContain('alert(');
  });

  it.each(routes.map((route) => [route.name, route] as const))(
    '%s: a malformed value is refused before anything reads it, and never repeated',
    async (_name, route) => {
      for (const value of malformed) {
        const answer = await rawRequest(app.baseUrl, {
          method: route.method,
          path: route.path(value),
          headers: route.headers?.(),
          body: route.body?.() ?? (route.method === 'GET' ? undefined : ''),
        });
        expect([value, answer.status]).toEqual([value, route.status]);
        expect(answer.headers['content-type']).not.toMatch(/javascript|css/);
        for (const mark of hostileMarks) expect(answer.body).not.toContain(mark);
        if (route.status === 400) {
          expect(JSON.parse(answer.body)).toMatchObject({
            error: 'invalid_input',
            problems: [{ path: expect.stringMatching(/^(templateKey|projectKey|pageKey)$/) }],
          });
        }
      }
    },
  );

  it('answers a malformed site address with the not-found page, linking to no site', async () => {
    const malformedSlug = await rawRequest(app.baseUrl, { path: `/sites/${at('"><b>')}/` });
    expect(malformedSlug.status).toBe(404);
    expect(malformedSlug.headers['content-type']).toMatch(/html/);
    expect(malformedSlug.body).toContain('Page not found');
    expect(malformedSlug.body).not.toContain('href="/sites/');
    const unknownPage = await rawRequest(app.baseUrl, { path: '/sites/harbour/no-such-page' });
    expect(unknownPage.status).toBe(404);
    expect(unknownPage.body).toContain('href="/sites/harbour/"');
  });

  it('still answers well-formed addresses: the embed, a notice for an unknown project, the site, the schema', async () => {
    const embed = await rawRequest(app.baseUrl, { path: `/embed/${projectKey}/${pageKey}.js` });
    expect([embed.status, embed.body]).toEqual([200, expect.stringContaining('Roasted by the harbour.')]);
    const unknown = await rawRequest(app.baseUrl, { path: '/embed/nOSuchProject/nOSuchPage.js' });
    expect(unknown.status).toBe(200);
    expect(unknown.body.split('\n', 1)[0]).toBe('/* Folio embed */');
    expect(unknown.body).toContain('not published as an embed');
    const site = await rawRequest(app.baseUrl, { path: '/sites/harbour/' });
    expect([site.status, site.body]).toEqual([200, expect.stringContaining('Roasted by the harbour.')]);
    const schema = await rawRequest(app.baseUrl, {
      path: `/project/templates/${templateKey}/schema`,
      headers: json(),
    });
    expect(schema.status).toBe(200);
    const unknownTemplate = await rawRequest(app.baseUrl, {
      path: '/project/templates/tplNoSuchOne/schema',
      headers: json(),
    });
    expect(unknownTemplate.status).toBe(404);
  });

  it('routes letter case as written: a path is not its upper-case spelling', async () => {
    for (const path of ['/SITES/harbour/', `/embed/${projectKey}/${pageKey}.JS`, `/Editor/${projectKey}`]) {
      const answer = await rawRequest(app.baseUrl, { path, headers: { cookie: owner.cookie } });
      expect([path, answer.status]).toEqual([path, 404]);
    }
  });
});
