import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { ApiKeyService } from '#folio/identity';
import { demoKeys, demoUsers } from '#folio/seed';
import { type TemplateCallResult } from '#folio/templates';
import {
  changePrincipal,
  demoPerson,
  editorPreviewSections,
  newApiKey,
  newUser,
  startTestApp,
  type TestApp,
} from '#folio/testing';

// The template API over real HTTP on the real api app and the demo data: bodies as callers send them, the
// database afterwards, and pages as the editor preview renders them.

const template = 'tplLaunchKit01';

let app: TestApp;
let database: TestApp['database'];
let base: string;
let owner: Awaited<ReturnType<typeof demoPerson>>;
let ownerKey: string;
let listOnlyKey: string;
let ownerSession: string;
/** Every body the API accepted or refused in these tests, for the JSON Schema check at the end. */
const acceptedBodies: unknown[] = [];
const refusedBodies: unknown[] = [];

beforeAll(async () => {
  app = await startTestApp({ app: 'api', demo: true });
  ({ database, baseUrl: base } = app);
  owner = await demoPerson(app, 'owner');
  ownerKey = (await newApiKey(app, owner, { scopes: ['list:project', 'create:project'] })).text;
  listOnlyKey = (await newApiKey(app, owner, { scopes: ['list:project'] })).text;
  ownerSession = owner.cookie;
});
afterAll(() => app?.close());

type CallResult = TemplateCallResult;

interface ErrorBody {
  error: string;
  message: string;
  problems?: { path: string; message: string }[];
}

async function createFromTemplate(
  body: unknown,
  options: {
    key?: string | null;
    query?: string;
    headers?: Record<string, string>;
    templateKey?: string;
  } = {},
) {
  const key = options.key === undefined ? ownerKey : options.key;
  const response = await fetch(
    `${base}/project/create-from-template/${options.templateKey ?? template}${options.query ?? ''}`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(key ? { 'x-service-key': key } : {}),
        ...options.headers,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    },
  );
  const json = (await response.json()) as unknown;
  if (response.status < 300) acceptedBodies.push(body);
  else if (response.status === 400) refusedBodies.push(body);
  return { status: response.status, headers: response.headers, json };
}

/** The visible text of a page as the editor preview renders the draft, section by section. */
function renderedSections(projectKey: string, pageKey: string) {
  return editorPreviewSections(base, ownerSession, projectKey, pageKey);
}

async function renderedText(projectKey: string, pageKey: string): Promise<string> {
  return (await renderedSections(projectKey, pageKey)).map((section) => section.text).join(' | ');
}

async function tableCounts() {
  const prisma = database.prisma;
  return {
    projects: await prisma.project.count(),
    pages: await prisma.page.count(),
    sections: await prisma.section.count(),
    pinned: await prisma.pinnedValue.count(),
    idempotency: await prisma.idempotencyRecord.count(),
    audit: await prisma.auditEvent.count(),
  };
}

/** The demo organization's audit events of one action about one target, oldest first. */
function auditEvents(action: string, targetId: string) {
  return database.prisma.auditEvent.findMany({
    where: { action, targetId, account: { key: demoKeys.account } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    include: { actor: { select: { email: true } } },
  });
}

const hero = (title: string, extra: Record<string, unknown> = {}) => ({
  _type: 'hero',
  title,
  subtitle: `${title} — the subtitle`,
  image: 'https://images.example.com/beans.jpg',
  '--accent': '#E4572E',
  ...extra,
});

describe('POST /project/create-from-template/:templateKey', () => {
  it("creates a project from the seed's example shape (no ids) whose rendered pages show the texts sent", async () => {
    const body = {
      title: 'Acme Coffee',
      tags: ['coffee'],
      pages: [
        {
          title: 'Home',
          data: [
            hero('Fresh coffee, roasted weekly'),
            hero('Second hero on the same page', { '--accent': '#2255AA' }),
            { _type: 'quote', quote: '“The best beans in town.”', author: 'Sam, regular' },
          ],
        },
        {
          title: 'Our story',
          data: [
            {
              _type: 'body',
              heading: 'Since 2009',
              content: '<p>We started with <strong>one</strong> roaster.</p>',
            },
          ],
        },
      ],
    };
    const { status, json } = await createFromTemplate(body);
    expect(status).toBe(201);
    const result = json as CallResult;
    expect(result.url).toBe(`${database.config.publicBaseUrl}/editor/${result.projectKey}`);
    expect(result.response).toMatchObject({ id: null, key: result.projectKey, created: true });
    expect(result.response.pages.map((page) => page.sections.map((s) => s._type))).toEqual([
      ['hero', 'hero', 'quote'],
      ['body'],
    ]);
    const [home, story] = result.response.pages;
    expect(result.createdOrUpdatedPages).toEqual({ [home.key]: home.key, [story.key]: story.key });

    const sections = await renderedSections(result.projectKey, home.key);
    expect(sections.map((section) => section.key)).toEqual(home.sections.map((section) => section.key));
    expect(sections[0].text).toContain('Fresh coffee, roasted weekly');
    expect(sections[0].text).toContain('Fresh coffee, roasted weekly — the subtitle');
    expect(sections[1].text).toContain('Second hero on the same page');
    expect(sections[2].text).toContain('“The best beans in town.”');
    expect(await renderedText(result.projectKey, story.key)).toMatch(
      /Since 2009.*We started with one roaster\./,
    );

    const project = await database.prisma.project.findUniqueOrThrow({
      where: { key: result.projectKey },
      include: { template: true, pages: { orderBy: { order: 'asc' } } },
    });
    expect(project).toMatchObject({ title: 'Acme Coffee', tags: ['coffee'], externalId: null });
    expect(project.template?.key).toBe(template);
    expect(project.pages.map((page) => [page.title, page.path, page.isHome])).toEqual([
      ['Home', '', true],
      ['Our story', 'our-story', false],
    ]);
  });

  it('updates in place by caller ids: same keys, new texts rendered, a removed section gone', async () => {
    const first = {
      id: 'acme-update',
      title: 'Acme',
      pages: [
        {
          id: 'home',
          data: [
            { ...hero('Old headline'), id: 'hero' },
            { _type: 'quote', id: 'quote', quote: 'Old quote', author: 'Ann' },
            { _type: 'body', id: 'story', heading: 'Old story', content: '<p>Old</p>' },
          ],
        },
        { id: 'about', title: 'About', data: [{ _type: 'body', id: 'about-body', heading: 'About us' }] },
      ],
    };
    const created = (await createFromTemplate(first)).json as CallResult;
    const [home, about] = created.response.pages;
    const keyOf = (id: string) => home.sections.find((section) => section.id === id)!.key;

    const second = {
      id: 'acme-update',
      title: 'Acme, renamed',
      pages: [
        {
          id: 'home',
          data: [
            { _type: 'body', id: 'story', heading: 'New story', content: '<p>New</p>' },
            { ...hero('New headline'), id: 'hero' },
            { _type: 'quote', quote: 'A quote without an id', author: 'Bo' },
          ],
        },
      ],
    };
    const { status, json } = await createFromTemplate(second);
    expect(status).toBe(200);
    const updated = json as CallResult;
    expect(updated.projectKey).toBe(created.projectKey);
    expect(updated.response.created).toBe(false);
    expect(updated.createdOrUpdatedPages).toEqual({ home: home.key });
    const sections = updated.response.pages[0].sections;
    expect(sections.map((s) => [s.id, s.created])).toEqual([
      ['story', false],
      ['hero', false],
      [null, true],
    ]);
    expect(sections[0].key).toBe(keyOf('story'));
    expect(sections[1].key).toBe(keyOf('hero'));

    const text = await renderedText(updated.projectKey, home.key);
    expect(text).toMatch(/New story.*New headline.*A quote without an id/);
    expect(text).not.toContain('Old');
    expect(await database.prisma.section.findUnique({ where: { key: keyOf('quote') } })).toBeNull();
    // The page the second call left out is untouched.
    expect(await renderedText(updated.projectKey, about.key)).toContain('About us');
    const project = await database.prisma.project.findUniqueOrThrow({ where: { key: created.projectKey } });
    expect(project.title).toBe('Acme, renamed');
    // Each write is in the account's audit log, by the key's user.
    expect(await auditEvents('template.project_written', created.projectKey)).toMatchObject([
      {
        actor: { email: demoUsers.owner.email },
        data: { created: true, title: 'Acme', externalId: 'acme-update', templateKey: template, pages: 2 },
      },
      { data: { created: false, title: 'Acme, renamed', externalId: 'acme-update', pages: 1 } },
    ]);
  });

  it('renders pinned values on exactly the pages that list them, in both body forms', async () => {
    const body = {
      id: 'acme-pinned',
      pinned: { announcement: { message: 'Spring sale: 20% off', linkLabel: 'Shop', linkUrl: '/shop' } },
      pages: [
        { id: 'home', pinned: ['announcement'], data: [hero('Welcome')] },
        { id: 'faq', title: 'FAQ', data: [{ _type: 'body', heading: 'Questions' }] },
        { id: 'blog', title: 'Blog', pinned: ['announcement'], data: [] },
      ],
    };
    const result = (await createFromTemplate(body)).json as CallResult;
    const [home, faq, blog] = result.response.pages;
    const homeSections = await renderedSections(result.projectKey, home.key);
    expect(homeSections[0].text).toContain('Spring sale: 20% off');
    expect(homeSections[1].text).toContain('Welcome');
    expect(await renderedText(result.projectKey, faq.key)).not.toContain('Spring sale');
    expect(await renderedText(result.projectKey, blog.key)).toContain('Spring sale: 20% off');

    // The array form sets the value; a page's `pinned` sets where it shows.
    await createFromTemplate({
      id: 'acme-pinned',
      pinned: [{ id: 'announcement', message: 'Summer sale' }],
      pages: [
        { id: 'home', pinned: [] },
        { id: 'faq', pinned: ['announcement'] },
      ],
    });
    expect(await renderedText(result.projectKey, home.key)).not.toContain('sale');
    expect(await renderedText(result.projectKey, faq.key)).toContain('Summer sale');
    expect(await renderedText(result.projectKey, blog.key)).toContain('Summer sale');
  });

  it('puts a new project in the workspace named by workspaceKey', async () => {
    const { status, json } = await createFromTemplate(
      { title: 'In the studio' },
      { query: `?workspaceKey=${demoKeys.studioWorkspace}` },
    );
    expect(status).toBe(201);
    const project = await database.prisma.project.findUniqueOrThrow({
      where: { key: (json as CallResult).projectKey },
      include: { workspace: true, pages: true },
    });
    expect(project.workspace?.key).toBe(demoKeys.studioWorkspace);
    expect(project.pages.map((page) => [page.title, page.path, page.isHome])).toEqual([['Home', '', true]]);
  });

  it('leaves the database as it was when a write fails in the middle', async () => {
    await createFromTemplate({
      id: 'acme-atomic',
      pages: [{ id: 'home', data: [{ ...hero('Stays as it was'), id: 'hero' }] }],
    });
    // A real database failure on the third section written, after the project, pages and two sections.
    await database.prisma.$executeRawUnsafe(`
      CREATE FUNCTION fail_on_marker() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.tree::text LIKE '%FAIL-HERE%' THEN RAISE EXCEPTION 'injected failure'; END IF;
        RETURN NEW;
      END $$`);
    await database.prisma.$executeRawUnsafe(
      'CREATE TRIGGER fail_on_marker BEFORE INSERT OR UPDATE ON "Section" FOR EACH ROW EXECUTE FUNCTION fail_on_marker()',
    );
    try {
      const before = await tableCounts();
      const failing = (id: string | undefined) => ({
        ...(id ? { id } : {}),
        title: 'Half written?',
        pinned: { announcement: { message: 'Should not stay' } },
        pages: [
          { id: 'home', data: [{ ...hero('Changed'), id: 'hero' }, hero('Added')] },
          { id: 'second', title: 'Second', data: [hero('Also added')] },
          { id: 'third', title: 'Third', data: [hero('FAIL-HERE')] },
        ],
      });
      for (const body of [failing(undefined), failing('acme-atomic')]) {
        const { status, json } = await createFromTemplate(body);
        expect(status).toBe(500);
        expect(JSON.stringify(json)).not.toMatch(/injected|INSERT|UPDATE|Section/);
      }
      expect(await tableCounts()).toEqual(before);
      const project = await database.prisma.project.findFirstOrThrow({
        where: { externalId: 'acme-atomic' },
        include: { pages: true },
      });
      expect(project.title).toBe('Untitled');
      expect(project.pages).toHaveLength(1);
      expect(await renderedText(project.key, project.pages[0].key)).toContain('Stays as it was');
    } finally {
      await database.prisma.$executeRawUnsafe('DROP TRIGGER fail_on_marker ON "Section"');
      await database.prisma.$executeRawUnsafe('DROP FUNCTION fail_on_marker()');
    }
  });

  it('returns the first answer for a retried Idempotency-Key instead of making a second project', async () => {
    const body = { title: 'Retried', pages: [{ data: [hero('Once')] }] };
    const headers = { 'idempotency-key': 'retry-7f9c2f0e' };
    const before = await database.prisma.project.count();
    const [a, b] = await Promise.all([
      createFromTemplate(body, { headers }),
      createFromTemplate(body, { headers }),
    ]);
    const c = await createFromTemplate(body, { headers });
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
    expect((b.json as CallResult).projectKey).toBe((a.json as CallResult).projectKey);
    expect(c.json).toEqual(a.json);
    expect(c.headers.get('idempotent-replayed')).toBe('true');
    expect(await database.prisma.project.count()).toBe(before + 1);
    expect(await auditEvents('template.project_written', (a.json as CallResult).projectKey)).toHaveLength(1);

    const other = await createFromTemplate({ ...body, title: 'Something else' }, { headers });
    expect(other.status).toBe(409);
    expect((other.json as ErrorBody).message).toContain('Idempotency-Key');
    // The same key of another API key is another request.
    const byListKey = await createFromTemplate(body, { headers, key: listOnlyKey });
    expect(byListKey.status).toBe(403);
  });

  describe('bad input', () => {
    it('lists every problem of a body, each at its JSON path, with 400', async () => {
      /** A fine hero, then sections wrong in four ways against the template. */
      const badSections = [
        hero('Fine'),
        { _type: 'hero' },
        { _type: 'carousel', title: 'x' },
        { _type: 'body', heading: 12, image: 'https://x.example/a.png' },
        { ...hero('Insecure'), image: 'http://images.example.com/a.jpg' },
      ];
      const { status, json } = await createFromTemplate({
        title: 42,
        colour: 'red',
        pages: [
          { data: [hero('Fine')] },
          {
            status: 7,
            data: badSections,
          },
        ],
      });
      expect(status).toBe(400);
      const problems = (json as ErrorBody).problems!;
      const paths = problems.map((problem) => problem.path);
      expect(paths).toEqual(expect.arrayContaining(['title', 'colour', 'pages[1].status']));
      expect(problems.find((p) => p.path === 'colour')!.message).toBe('unknown property');

      // The DTO passes once its own properties are right; then the sections are checked against the template.
      const sections = await createFromTemplate({
        pages: [{ data: [hero('Fine')] }, { data: badSections }],
      });
      expect(sections.status).toBe(400);
      const byPath = Object.fromEntries(
        (sections.json as ErrorBody).problems!.map((p) => [p.path, p.message]),
      );
      expect(byPath['pages[1].data[1].title']).toMatch(/required/);
      expect(byPath['pages[1].data[2]._type']).toMatch(/hero.*body/);
      expect(byPath['pages[1].data[3].heading']).toBe('expected text');
      expect(byPath['pages[1].data[3].image']).toMatch(/heading/);
      expect(byPath['pages[1].data[4].image']).toMatch(/https/);
      expect((sections.json as ErrorBody).message).toContain('pages[1].data[3].heading: expected text');
    });

    it('refuses more than 200 pages or 500 sections with 400, and a body over 5 MiB with 413', async () => {
      const manyPages = await createFromTemplate({ pages: Array.from({ length: 201 }, () => ({})) });
      expect(manyPages.status).toBe(400);
      expect((manyPages.json as ErrorBody).problems![0]).toMatchObject({ path: 'pages' });
      const manySections = await createFromTemplate({
        pages: Array.from({ length: 3 }, () => ({ data: Array.from({ length: 167 }, () => hero('x')) })),
      });
      expect(manySections.status).toBe(400);
      // A JSON Schema cannot count sections over all pages: this body is not one it must refuse.
      refusedBodies.pop();
      expect((manySections.json as ErrorBody).message).toMatch(/501.*500/);
      const huge = await createFromTemplate(
        JSON.stringify({ title: 'x', description: 'y'.repeat(5 * 1024 * 1024) }),
      );
      expect(huge.status).toBe(413);
      expect((huge.json as ErrorBody).message).toContain('5 MiB');
    });

    it('refuses a body not sent as application/json with 415, making nothing', async () => {
      const before = await tableCounts();
      for (const contentType of [
        undefined,
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/jsonx',
      ]) {
        const response = await fetch(`${base}/project/create-from-template/${template}`, {
          method: 'POST',
          headers: { 'x-service-key': ownerKey, ...(contentType ? { 'content-type': contentType } : {}) },
          body: contentType ? JSON.stringify({ title: 'Sent as text' }) : undefined,
        });
        expect({ contentType, status: response.status }).toEqual({ contentType, status: 415 });
        expect(await response.json()).toEqual({
          error: 'unsupported_media_type',
          message: 'This endpoint takes a JSON body: send it with Content-Type: application/json.',
        });
      }
      const latin1 = await fetch(`${base}/project/create-from-template/${template}`, {
        method: 'POST',
        headers: { 'x-service-key': ownerKey, 'content-type': 'application/json; charset=latin1' },
        body: JSON.stringify({ title: 'Latin-1' }),
      });
      expect(latin1.status).toBe(415);
      expect(await latin1.json()).toEqual({
        error: 'unsupported_media_type',
        message: 'The body cannot be read: unsupported charset "LATIN1".',
      });
      expect(await tableCounts()).toEqual(before);
    });

    it('refuses malformed JSON with 400 invalid_input on every JSON route', async () => {
      for (const path of [`/project/create-from-template/${template}`, '/project/templates']) {
        const response = await fetch(`${base}${path}`, {
          method: 'POST',
          headers: { 'x-service-key': ownerKey, 'content-type': 'application/json' },
          body: '{"title": "unfinished',
        });
        expect({ path, status: response.status }).toEqual({ path, status: 400 });
        expect(await response.json()).toEqual({
          error: 'invalid_input',
          message: expect.stringMatching(/^The body is not valid JSON/),
          problems: [{ path: '', message: expect.stringMatching(/^The body is not valid JSON/) }],
        });
      }
    });

    it('refuses nulls, unstorable text, non-object pages and a repeated workspaceKey with 400, never 500', async () => {
      const bodies = [
        { title: null },
        { tags: null },
        { pages: [{ path: null }] },
        { pages: [{ status: null, title: null }] },
        { pages: [[]] },
        { title: 'a\u0000b' },
        { pages: [{ data: [hero('lone \ud800 surrogate')] }] },
        { pinned: { announcement: { message: 'nul \u0000 here' } } },
      ];
      const recorded = refusedBodies.length;
      for (const body of bodies) {
        const { status, json } = await createFromTemplate(body);
        expect({ body, status }).toEqual({ body, status: 400 });
        expect((json as ErrorBody).problems!.length).toBeGreaterThan(0);
      }
      const twice = await createFromTemplate({ title: 'x' }, { query: '?workspaceKey=a&workspaceKey=b' });
      expect(twice.status).toBe(400);
      expect((twice.json as ErrorBody).problems).toEqual([
        { path: 'workspaceKey', message: 'expected one workspace key' },
      ]);
      // JSON Schema has no word for unstorable text, and the last refusal was the query's, not the body's.
      refusedBodies.splice(recorded + 5, 4);
      // A body full of broken sections answers quickly, with a bounded list of problems.
      const broken = await createFromTemplate({ pages: [{ data: Array.from({ length: 500 }, () => ({})) }] });
      expect(broken.status).toBe(400);
      expect((broken.json as ErrorBody).problems!.length).toBeLessThanOrEqual(101);
      expect((broken.json as ErrorBody).problems!.at(-1)!.message).toMatch(/more problems/);
    });

    it('lets pages swap paths in one call and keeps derived paths apart from named ones', async () => {
      await createFromTemplate({
        id: 'paths',
        pages: [
          { id: 'a', path: '' },
          { id: 'b', path: 'x' },
        ],
      });
      const swapped = await createFromTemplate({
        id: 'paths',
        pages: [
          { id: 'b', path: '/' },
          { id: 'a', path: 'x' },
        ],
      });
      expect(swapped.status).toBe(200);
      const pages = await database.prisma.page.findMany({ where: { project: { externalId: 'paths' } } });
      expect(Object.fromEntries(pages.map((page) => [page.externalId, page.path]))).toEqual({
        a: 'x',
        b: '',
      });
      const named = await createFromTemplate({
        pages: [{ title: 'About' }, { title: 'Other', path: 'about' }],
      });
      expect(named.status).toBe(201);
      const created = await database.prisma.page.findMany({
        where: { project: { key: (named.json as CallResult).projectKey } },
        orderBy: { order: 'asc' },
      });
      expect(created.map((page) => [page.title, page.path])).toEqual([
        ['About', ''],
        ['Other', 'about'],
      ]);
    });

    it('answers 404 for unknown, unpublished and unreachable templates alike', async () => {
      const stranger = await newUser(app);
      const schema = (await database.prisma.template.findUniqueOrThrow({ where: { key: template } })).schema!;
      await database.prisma.template.createMany({
        data: [
          {
            key: 'tplStranger01',
            accountId: stranger.account.id,
            title: 'Theirs',
            published: true,
            schema,
          },
          {
            key: 'tplDraft00001',
            accountId: (await database.prisma.account.findUniqueOrThrow({ where: { key: demoKeys.account } }))
              .id,
            title: 'Draft',
            published: false,
            schema,
          },
        ],
      });
      const messages = new Set<string>();
      for (const templateKey of ['tplNoSuchOne1', 'tplStranger01', 'tplDraft00001']) {
        const { status, json } = await createFromTemplate({ title: 'x' }, { templateKey });
        expect(status).toBe(404);
        messages.add((json as ErrorBody).message.replace(templateKey, '…'));
        const schemaResponse = await fetch(`${base}/project/templates/${templateKey}/schema`, {
          headers: { 'x-service-key': ownerKey },
        });
        expect(schemaResponse.status).toBe(404);
      }
      expect(messages.size).toBe(1);
      // The stranger's own key reaches their template.
      const strangerKey = (await newApiKey(app, stranger, { scopes: ['list:project', 'create:project'] }))
        .text;
      expect(
        (await createFromTemplate({ title: 'Mine' }, { templateKey: 'tplStranger01', key: strangerKey }))
          .status,
      ).toBe(201);
    });

    it('answers 409 when the id names a project made without this template', async () => {
      const seeded = await database.prisma.project.findFirstOrThrow({ where: { templateId: null } });
      await database.prisma.project.update({ where: { id: seeded.id }, data: { externalId: 'hand-made' } });
      const { status, json } = await createFromTemplate({ id: 'hand-made', title: 'Overwrite?' });
      expect(status).toBe(409);
      expect((json as ErrorBody).message).toContain('without a template');
      expect((await database.prisma.project.findUniqueOrThrow({ where: { id: seeded.id } })).title).toBe(
        seeded.title,
      );

      const strangerTemplate = await database.prisma.template.create({
        data: {
          key: 'tplOther00001',
          accountId: seeded.accountId,
          title: 'Other',
          published: true,
          schema: (await database.prisma.template.findUniqueOrThrow({ where: { key: template } })).schema!,
        },
      });
      await createFromTemplate({ id: 'made-by-other', title: 'x' }, { templateKey: strangerTemplate.key });
      const other = await createFromTemplate({ id: 'made-by-other', title: 'y' });
      expect(other.status).toBe(409);
      expect((other.json as ErrorBody).message).toContain('from another template');
    });

    it('answers 401 without a usable key and 403 naming create:project for a list-only key', async () => {
      expect((await createFromTemplate({}, { key: null })).status).toBe(401);
      const revoked = await newApiKey(app, owner, { scopes: ['list:project', 'create:project'] });
      expect((await createFromTemplate({ title: 'ok' }, { key: revoked.text })).status).toBe(201);
      await changePrincipal(() => app.get(ApiKeyService).revoke(owner.actor, revoked.key.key));
      expect((await createFromTemplate({ title: 'no' }, { key: revoked.text })).status).toBe(401);
      const { status, headers, json } = await createFromTemplate({ title: 'no' }, { key: listOnlyKey });
      expect(status).toBe(403);
      expect((json as ErrorBody).message).toContain('create:project');
      expect(headers.get('www-authenticate')).toContain('insufficient_scope');
    });
  });
});

describe('GET /project/templates/:templateKey/schema', () => {
  it('returns a JSON Schema that accepts the valid bodies of these tests and rejects the invalid ones', async () => {
    const response = await fetch(`${base}/project/templates/${template}/schema`, {
      headers: { 'x-service-key': listOnlyKey },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/schema+json');
    const schema = (await response.json()) as object;
    const validate = new Ajv2020({ strict: false }).compile(schema);
    const launchKitBodies = (bodies: unknown[]) => bodies.filter((body) => typeof body === 'object');
    expect(acceptedBodies.length).toBeGreaterThan(5);
    expect(refusedBodies.length).toBeGreaterThan(2);
    for (const body of launchKitBodies(acceptedBodies)) {
      // Bodies sent to other templates use their section types; this schema is the Launch Kit's.
      if (JSON.stringify(body).includes('pullquote')) continue;
      expect({ body, valid: validate(body), errors: validate.errors }).toMatchObject({ valid: true });
    }
    for (const body of launchKitBodies(refusedBodies)) {
      expect({ body, valid: validate(body) }).toMatchObject({ valid: false });
    }
  });
});
