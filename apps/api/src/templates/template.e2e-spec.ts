import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  editorPreviewSections,
  newApiKey,
  newProject,
  newUser,
  startTestApp,
  type TestApp,
  type TestUser,
} from '#folio/testing';

// Templates made from a project and withdrawn, over real HTTP on the real api app, with an API key.

let app: TestApp;
let owner: TestUser;
let ownerKey: string;

beforeAll(async () => {
  app = await startTestApp({ app: 'api' });
  owner = await newUser(app);
  ownerKey = (await newApiKey(app, owner, { scopes: ['list:project', 'create:project'] })).text;
});
afterAll(() => app?.close());

function call(method: 'POST' | 'PATCH', path: string, body: unknown) {
  return fetch(`${app.baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-service-key': ownerKey },
    body: JSON.stringify(body),
  });
}

/** The owner's account's audit events of one action about one target, oldest first. */
function auditEvents(action: string, targetId: string) {
  return app.prisma.auditEvent.findMany({
    where: { action, targetId, account: { key: owner.account.key } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    include: { actor: { select: { email: true } } },
  });
}

describe('POST /project/templates (a template made from a project)', () => {
  it('marks sections and fields of a project; the new template then builds projects', async () => {
    const source = await newProject(app, owner, {
      pages: [{ sections: [{ title: 'Quote', text: 'Prototype quote' }] }],
    });
    const [{ sectionKeys, headingKeys }] = source.pages;
    const bad = await call('POST', '/project/templates', {
      projectKey: source.projectKey,
      title: 'Quotes',
      sectionTypes: [
        {
          sectionKey: sectionKeys[0],
          type: 'quote',
          fields: [{ name: 'text', kind: 'text', elementKey: 'nope000', target: 'text' }],
        },
      ],
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { problems: { path: string }[] }).problems[0].path).toBe(
      'sectionTypes[0].fields[0].elementKey',
    );

    const made = await call('POST', '/project/templates', {
      projectKey: source.projectKey,
      title: 'Quotes',
      sectionTypes: [
        {
          sectionKey: sectionKeys[0],
          type: 'pullquote',
          fields: [
            { name: 'text', kind: 'text', required: true, elementKey: headingKeys[0], target: 'text' },
          ],
        },
      ],
    });
    expect(made.status).toBe(201);
    const summary = (await made.json()) as { templateKey: string; schemaUrl: string; sectionTypes: string[] };
    expect(summary.sectionTypes).toEqual(['pullquote']);
    expect(await auditEvents('template.created', summary.templateKey)).toMatchObject([
      {
        actor: { email: owner.email },
        data: { title: 'Quotes', published: true, sectionTypes: ['pullquote'] },
      },
    ]);

    const fromTemplate = (body: unknown) =>
      call('POST', `/project/create-from-template/${summary.templateKey}`, body);
    const built = await fromTemplate({
      pages: [
        {
          data: [
            { _type: 'pullquote', text: 'Made from my own template' },
            { _type: 'pullquote', text: 'Twice' },
          ],
        },
      ],
    });
    expect(built.status).toBe(201);
    const result = (await built.json()) as { projectKey: string; response: { pages: { key: string }[] } };
    const sections = await editorPreviewSections(
      app.baseUrl,
      owner.cookie,
      result.projectKey,
      result.response.pages[0].key,
    );
    const texts = sections.map((section) => section.text);
    expect(texts[0]).toContain('Made from my own template');
    expect(texts[1]).toContain('Twice');
    expect(texts.join(' ')).not.toContain('Prototype quote');

    const withdraw = () => call('PATCH', `/project/templates/${summary.templateKey}`, { published: false });
    expect((await withdraw()).status).toBe(200);
    expect((await fromTemplate({})).status).toBe(404);
    // Withdrawing twice changes it once.
    await withdraw();
    expect(await auditEvents('template.updated', summary.templateKey)).toMatchObject([
      { actor: { email: owner.email }, data: { title: 'Quotes', published: false } },
    ]);
  });
});
