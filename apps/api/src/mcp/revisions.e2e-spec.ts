import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Client } from '@modelcontextprotocol/client';
import { newPublicKey } from '#folio/content';
import { PrismaService } from '#folio/db';
import { ApiKeyService, type Principal } from '#folio/identity';
import { draftAuthor, PageDeletion, ProjectCreator, ProjectWriter } from '#folio/projects';
import { TemplateProjectService } from '#folio/templates';
import {
  type McpTools,
  newAiLibrary,
  newApiKey,
  newProject,
  newTemplate,
  newUser,
  startMcpTools,
  type TestUser,
} from '#folio/testing';

// Every kind of write to a draft adds 1 to the project's revision, which find_projects and
// get_project_sections (both details) report: what an agent sends back as edit_project's baseRevision.
// Each revision names who made it (a person, or the API key or connected app) and what it did.

describe('project revisions', () => {
  let app: McpTools;
  let owner: TestUser;
  let client: Client;
  let key: Principal;

  beforeAll(async () => {
    app = await startMcpTools();
    owner = await newUser(app, { name: 'Rosa Revisions' });
    await newAiLibrary(app, { title: 'Starter' });
    await app.prisma.account.update({ where: { key: owner.account.key }, data: { credits: 100 } });
    const { text } = await newApiKey(app, owner, {
      name: 'Build agent',
      scopes: ['list:project', 'create:project'],
    });
    client = await app.connectMcp(text);
    key = (await app.get(ApiKeyService).authenticate(text))!;
  });

  /** Who made each revision of the project, and what it did, oldest first. */
  async function history(projectKey: string): Promise<string[]> {
    const changes = await app.prisma.draftChange.findMany({
      where: { project: { key: projectKey } },
      orderBy: { revision: 'asc' },
    });
    return changes.map((c) => `${c.revision} ${c.authorKind} ${c.authorName}: ${c.summary}`);
  }

  afterAll(() => app?.close());

  /** The revision as find_projects, the outline and the full export report it; they must agree. */
  async function revision(projectKey: string): Promise<number> {
    const found = (await client.callTool({ name: 'find_projects', arguments: { ids: [projectKey] } }))
      .structuredContent as { projects: { revision: number }[] };
    const [outline, full] = await Promise.all(
      (['outline', 'full'] as const).map(
        async (detail) =>
          (
            (await client.callTool({ name: 'get_project_sections', arguments: { projectKey, detail } }))
              .structuredContent as { revision: number }
          ).revision,
      ),
    );
    expect([outline, full]).toEqual([found.projects[0].revision, found.projects[0].revision]);
    return found.projects[0].revision;
  }

  it('starts at 0 and adds 1 with each page made, section write, page deleted and AI generation', async () => {
    const project = await newProject(app, owner, { title: 'Revisions' });
    expect(await revision(project.projectKey)).toBe(0);

    const page = await app.get(ProjectCreator).createPage(owner.actor, project.projectKey, { title: 'Two' });
    expect(await revision(project.projectKey)).toBe(1);

    await app.get(PrismaService).$transaction((tx) =>
      app.get(ProjectWriter).appendSections(
        tx,
        project.projectId,
        page.pageId,
        [
          {
            key: newPublicKey(),
            title: 'Hero',
            type: 'hero',
            tree: { key: newPublicKey(), type: 'frame', tag: 'section', children: [] },
            styles: {},
            interactions: [],
          },
        ],
        { author: draftAuthor(owner.actor), summary: 'added 1 section' },
      ),
    );
    expect(await revision(project.projectKey)).toBe(2);

    await app.get(PageDeletion).deletePage(owner.actor, project.projectKey, page.pageKey);
    expect(await revision(project.projectKey)).toBe(3);

    const { libraries } = (await client.callTool({ name: 'list_libraries', arguments: {} }))
      .structuredContent as { libraries: { libraryKey: string }[] };
    const generated = await client.callTool({
      name: 'create_page',
      arguments: {
        projectKey: project.projectKey,
        title: 'Bakery',
        ai: { libraries: [libraries[0].libraryKey], prompt: 'A small bakery in Lyon' },
      },
    });
    expect(generated.isError).toBeFalsy();
    // One for the new page, one for the sections and look the AI wrote into it.
    expect(await revision(project.projectKey)).toBe(5);
    const sections = (await history(project.projectKey))[4].match(/generated (\d+) sections?/)![1];
    expect(await history(project.projectKey)).toEqual([
      '1 person Rosa Revisions: added the page "Two"',
      '2 person Rosa Revisions: added 1 section',
      '3 person Rosa Revisions: deleted the page "Two"',
      '4 api_key Build agent: added the page "Bakery"',
      `5 api_key Build agent: generated ${sections} section${sections === '1' ? '' : 's'} with AI on "Bakery"`,
    ]);
  });

  it('adds 1 with each template call that writes the project', async () => {
    const template = await newTemplate(app, owner);
    const templates = app.get(TemplateProjectService);
    const body = {
      id: 'rev-1',
      title: 'From a template',
      pages: [{ data: [{ _type: 'hero', title: 'Hi' }] }],
    };
    const created = await templates.apply(key, template.templateKey, body, { baseUrl: 'https://x.test' });
    const { projectKey } = created.body;
    expect(await revision(projectKey)).toBe(1);

    await templates.apply(
      owner.actor,
      template.templateKey,
      { ...body, pages: [{ data: [{ _type: 'hero', title: 'Hello again' }] }] },
      { baseUrl: 'https://x.test' },
    );
    expect(await revision(projectKey)).toBe(2);
    const { title } = await app.prisma.template.findUniqueOrThrow({ where: { key: template.templateKey } });
    expect(await history(projectKey)).toEqual([
      `1 api_key Build agent: created from the template "${title}"`,
      `2 person Rosa Revisions: updated from the template "${title}"`,
    ]);
  });
});
