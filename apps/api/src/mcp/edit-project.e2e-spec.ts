import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Client } from '@modelcontextprotocol/client';
import { newPublicKey } from '#folio/content';
import { PrismaService } from '#folio/db';
import { draftAuthor, ProjectWriter } from '#folio/projects';
import {
  type CafeOrganization,
  type McpTools,
  newAiLibrary,
  newApiKey,
  newCafeOrganization,
  newProject,
  startMcpTools,
  type TestProject,
} from '#folio/testing';

// edit_project through the official SDK client in process: each operation as get_project_sections then
// shows it, all or nothing, stale revisions, concurrent calls, undo, and who may edit.

type ToolResult = Awaited<ReturnType<Client['callTool']>>;
const textOf = (result: ToolResult) =>
  (result.content as { type: string; text: string }[]).map((block) => block.text).join('\n');

interface Edited {
  projectKey: string;
  pageKey?: string;
  revision: number;
  changed: { pageKey: string; sectionKey: string; title: string }[];
  changedCount: number;
  editorUrl: string;
}

interface OutlinePage {
  pageKey: string;
  title: string;
  sections: { sectionKey: string; title: string }[];
}

describe('edit_project', () => {
  let app: McpTools;
  let cafe: CafeOrganization;
  let owner: Client;
  let ownerKeyName: string;

  beforeAll(async () => {
    app = await startMcpTools();
    cafe = await newCafeOrganization(app);
    ownerKeyName = 'Editing agent';
    owner = await app.connectMcp(
      (
        await newApiKey(app, cafe.owner, {
          name: ownerKeyName,
          scopes: ['list:project', 'create:project', 'edit:project'],
        })
      ).text,
    );
  });

  afterAll(() => app?.close());

  const edit = (client: Client, args: Record<string, unknown>) =>
    client.callTool({ name: 'edit_project', arguments: args });

  async function edited(client: Client, args: Record<string, unknown>): Promise<Edited> {
    const result = await edit(client, args);
    expect(textOf(result)).not.toMatch(/"error"/);
    expect(result.isError).toBeFalsy();
    expect(Buffer.byteLength(JSON.stringify(result.structuredContent))).toBeLessThanOrEqual(4_000);
    return result.structuredContent as unknown as Edited;
  }

  function refusal(result: ToolResult): Record<string, unknown> {
    expect(result.isError).toBe(true);
    return JSON.parse(textOf(result)) as Record<string, unknown>;
  }

  async function exported(projectKey: string, detail: 'full' | 'outline' = 'full') {
    const result = await owner.callTool({ name: 'get_project_sections', arguments: { projectKey, detail } });
    return result.structuredContent as {
      revision: number;
      theme?: { colors: Record<string, string> };
      pages: (OutlinePage & { sections: Record<string, unknown>[] })[];
    };
  }

  /** A fresh two-page project of the café owner's: Home (Welcome, Menu, Story) and Visit us (Hours). */
  function freshProject(): Promise<TestProject> {
    return newProject(app, cafe.owner, {
      title: 'Edited café',
      accountKey: cafe.organization.key,
      pages: [
        { sections: [{ title: 'Welcome' }, { title: 'Menu' }, { title: 'Story' }] },
        { title: 'Visit us', sections: [{ title: 'Hours' }] },
      ],
    });
  }

  const headingText = async (projectKey: string, sectionKey: string) => {
    const row = await app.prisma.section.findUniqueOrThrow({
      where: { key: sectionKey },
      select: { tree: true },
    });
    expect(projectKey).toBeTruthy();
    return (row.tree as { children: { text: string }[] }).children[0].text;
  };

  it('sets text (escaped, as the renderer escapes it), styles, links, page meta and the theme', async () => {
    const project = await freshProject();
    const [home, visit] = project.pages;
    const before = await exported(project.projectKey, 'outline');
    const answer = await edited(owner, {
      projectKey: project.projectKey,
      baseRevision: before.revision,
      changes: [
        { op: 'setText', elementKey: home.headingKeys[0], text: 'Fresh <coffee> & cake' },
        {
          op: 'setStyle',
          elementKey: home.headingKeys[0],
          style: { color: 'var(--color-primary)', 'font-size': '3rem' },
        },
        {
          op: 'setStyle',
          elementKey: home.headingKeys[0],
          breakpoint: 'mobile',
          style: { 'font-size': '2rem' },
        },
        { op: 'setLink', elementKey: home.headingKeys[1], href: 'https://example.com/menu' },
        {
          op: 'setPageMeta',
          pageKey: visit.pageKey,
          title: 'Find us',
          description: 'Opening hours and address',
        },
        { op: 'setTheme', colors: { primary: '#7A3E1D' } },
      ],
    });
    expect(answer).toEqual({
      projectKey: project.projectKey,
      pageKey: home.pageKey,
      revision: before.revision + 1,
      changed: [
        { pageKey: home.pageKey, sectionKey: home.sectionKeys[0], title: 'Welcome' },
        { pageKey: home.pageKey, sectionKey: home.sectionKeys[1], title: 'Menu' },
      ],
      changedCount: 2,
      editorUrl: `${app.config.publicBaseUrl}/editor/${project.projectKey}/${home.pageKey}`,
    });

    const after = await exported(project.projectKey);
    expect(after.revision).toBe(answer.revision);
    expect(after.theme?.colors.primary).toBe('#7A3E1D');
    expect(after.pages[1].title).toBe('Find us');
    const welcome = JSON.stringify(after.pages[0].sections[0]);
    expect(welcome).toContain('Fresh &lt;coffee&gt; &amp; cake');
    expect(welcome).toContain('3rem');
    expect(welcome).toContain('2rem');
    expect(JSON.stringify(after.pages[0].sections[1])).toContain('https://example.com/menu');

    // null removes a declaration.
    await edited(owner, {
      projectKey: project.projectKey,
      changes: [{ op: 'setStyle', elementKey: home.headingKeys[0], style: { 'font-size': null } }],
    });
    expect(JSON.stringify((await exported(project.projectKey)).pages[0].sections[0])).not.toContain('3rem');
  });

  it('adds a copy of a section, moves and removes sections', async () => {
    const project = await freshProject();
    const [home, visit] = project.pages;
    const answer = await edited(owner, {
      projectKey: project.projectKey,
      changes: [
        { op: 'addSection', pageKey: visit.pageKey, after: null, sectionKey: home.sectionKeys[1] },
        { op: 'moveSection', sectionKey: home.sectionKeys[2], after: null },
        { op: 'removeSection', sectionKey: home.sectionKeys[0] },
      ],
    });
    const copy = answer.changed.find((section) => section.pageKey === visit.pageKey)!;
    expect(copy.title).toBe('Menu');
    expect(copy.sectionKey).not.toBe(home.sectionKeys[1]);
    const outline = await exported(project.projectKey, 'outline');
    expect(outline.pages.map((page) => page.sections.map((section) => section.title))).toEqual([
      ['Story', 'Menu'],
      ['Menu', 'Hours'],
    ]);
    expect(outline.pages[1].sections[0].sectionKey).toBe(copy.sectionKey);

    await edited(owner, { projectKey: project.projectKey, changes: [{ op: 'undo' }] });
    const undone = await exported(project.projectKey, 'outline');
    expect(undone.pages.map((page) => page.sections.map((section) => section.sectionKey))).toEqual([
      home.sectionKeys,
      visit.sectionKeys,
    ]);
  });

  it('adds a section of the starter library listed by list_libraries, and undo removes it', async () => {
    const project = await freshProject();
    const [home] = project.pages;
    await newAiLibrary(app, { title: 'Starter sections' });
    const listed = (
      await owner.callTool({
        name: 'list_libraries',
        arguments: { projectKey: project.projectKey, includeSections: true },
      })
    ).structuredContent as {
      libraries: {
        title: string;
        sections: { librarySectionKey: string; title: string; role: string }[];
        sectionCount: number;
      }[];
    };
    const starter = listed.libraries.find((library) => library.title === 'Starter sections')!;
    expect(starter.sections.length).toBe(starter.sectionCount);
    const [section] = starter.sections;
    expect(section).toEqual({
      librarySectionKey: expect.any(String),
      title: expect.any(String),
      role: expect.any(String),
    });

    const answer = await edited(owner, {
      projectKey: project.projectKey,
      changes: [
        {
          op: 'addSection',
          pageKey: home.pageKey,
          after: home.sectionKeys[0],
          librarySectionKey: section.librarySectionKey,
        },
      ],
    });
    expect(answer.changed).toEqual([
      { pageKey: home.pageKey, sectionKey: expect.any(String), title: section.title },
    ]);
    const outline = await exported(project.projectKey, 'outline');
    expect(outline.pages[0].sections.map((s) => s.sectionKey)).toEqual([
      home.sectionKeys[0],
      answer.changed[0].sectionKey,
      ...home.sectionKeys.slice(1),
    ]);
    const added = (await exported(project.projectKey)).pages[0].sections[1];
    expect(JSON.stringify(added)).not.toContain(section.librarySectionKey);

    await edited(owner, { projectKey: project.projectKey, changes: [{ op: 'undo' }] });
    const undone = await exported(project.projectKey, 'outline');
    expect(undone.pages[0].sections.map((s) => s.sectionKey)).toEqual(home.sectionKeys);
  });

  it("refuses a section of another account's private library, and one with both keys", async () => {
    const project = await freshProject();
    const [home] = project.pages;
    const other = await newCafeOrganization(app);
    const theirs = await newAiLibrary(app, { title: 'Private', ownerAccountId: other.organization.id });
    const [theirSection] = await app.prisma.librarySection.findMany({ where: { libraryId: theirs.id } });
    const { revision } = await exported(project.projectKey, 'outline');
    const refused = refusal(
      await edit(owner, {
        projectKey: project.projectKey,
        changes: [
          { op: 'setText', elementKey: home.headingKeys[0], text: 'Not written' },
          { op: 'addSection', pageKey: home.pageKey, after: null, librarySectionKey: theirSection.key },
        ],
      }),
    );
    expect(refused).toEqual({
      error: 'invalid_changes',
      problems: [
        { path: 'changes[1].librarySectionKey', message: expect.stringContaining(theirSection.key) },
      ],
    });
    const both = refusal(
      await edit(owner, {
        projectKey: project.projectKey,
        changes: [
          {
            op: 'addSection',
            pageKey: home.pageKey,
            after: null,
            sectionKey: home.sectionKeys[0],
            librarySectionKey: theirSection.key,
          },
        ],
      }),
    );
    expect(both.error).toBe('invalid_changes');
    expect((await exported(project.projectKey, 'outline')).revision).toBe(revision);
  });

  it('refuses bad changes all together, with their paths, and writes nothing', async () => {
    const project = await freshProject();
    const [home] = project.pages;
    const { revision } = await exported(project.projectKey, 'outline');
    const problems = refusal(
      await edit(owner, {
        projectKey: project.projectKey,
        changes: [
          { op: 'setText', elementKey: home.headingKeys[0], text: 'This one alone would do' },
          { op: 'setText', elementKey: 'elNoSuchElement1', text: 'Hello' },
          { op: 'setStyle', elementKey: home.headingKeys[1], style: { color: 'red;}</style>' } },
          { op: 'setStyle', elementKey: home.headingKeys[1], style: { color: 'var(--color-nope)' } },
          { op: 'setText', elementKey: home.headingKeys[2], text: 'x'.repeat(5_001) },
          { op: 'setImage', elementKey: home.headingKeys[2], url: 'https://127.0.0.1/picture.png' },
          { op: 'setTheme', textStyles: { h1: { fontFamily: 'Comic Sans MS, cursive' } } },
          { op: 'moveSection', sectionKey: home.sectionKeys[0], after: 'scNotOnThePage1' },
        ],
      }),
    );
    expect(problems.error).toBe('invalid_changes');
    const paths = (problems.problems as { path: string; message: string }[]).map((problem) => problem.path);
    // The image URL is checked first, on its own: a private address is refused before the project is read.
    expect(paths).toEqual(['changes[5].url']);

    const rest = refusal(
      await edit(owner, {
        projectKey: project.projectKey,
        changes: [
          { op: 'setText', elementKey: home.headingKeys[0], text: 'This one alone would do' },
          { op: 'setText', elementKey: 'elNoSuchElement1', text: 'Hello' },
          { op: 'setStyle', elementKey: home.headingKeys[1], style: { color: 'red;}</style>' } },
          { op: 'setStyle', elementKey: home.headingKeys[1], style: { color: 'var(--color-nope)' } },
          { op: 'setText', elementKey: home.headingKeys[2], text: 'x'.repeat(5_001) },
          { op: 'setTheme', textStyles: { h1: { fontFamily: 'Comic Sans MS, cursive' } } },
          { op: 'moveSection', sectionKey: home.sectionKeys[0], after: 'scNotOnThePage1' },
        ],
      }),
    );
    expect(rest).toEqual({
      error: 'invalid_changes',
      problems: [
        { path: 'changes[1].elementKey', message: expect.stringContaining('no element elNoSuchElement1') },
        { path: 'changes[2].style.color', message: expect.stringContaining('expected a CSS value') },
        { path: 'changes[3].style.color', message: 'unknown theme token --color-nope' },
        { path: 'changes[4].text', message: 'too long: at most 5000 characters' },
        { path: 'changes[5].textStyles.h1.fontFamily', message: expect.stringContaining('Comic Sans MS') },
        { path: 'changes[6].after', message: expect.stringContaining('scNotOnThePage1') },
      ],
    });
    expect((await exported(project.projectKey, 'outline')).revision).toBe(revision);
    expect(await headingText(project.projectKey, home.sectionKeys[0])).toBe('Welcome');
  });

  it('refuses a stale baseRevision with what changed since, and writes nothing', async () => {
    const project = await freshProject();
    const [home] = project.pages;
    const { revision } = await exported(project.projectKey, 'outline');
    await edited(owner, {
      projectKey: project.projectKey,
      baseRevision: revision,
      changes: [{ op: 'setText', elementKey: home.headingKeys[1], text: 'Our menu' }],
    });
    const stale = refusal(
      await edit(owner, {
        projectKey: project.projectKey,
        baseRevision: revision,
        changes: [{ op: 'setText', elementKey: home.headingKeys[0], text: 'Too late' }],
      }),
    );
    expect(stale).toEqual({
      error: 'stale_revision',
      revision: revision + 1,
      changedSince: [{ pageKey: home.pageKey, sectionKey: home.sectionKeys[1] }],
    });
    expect(await headingText(project.projectKey, home.sectionKeys[0])).toBe('Welcome');
  });

  it('serializes concurrent calls: neither is lost', async () => {
    const project = await freshProject();
    const [home] = project.pages;
    const { revision } = await exported(project.projectKey, 'outline');
    const answers = await Promise.all(
      home.headingKeys.map((elementKey, index) =>
        edited(owner, {
          projectKey: project.projectKey,
          changes: [{ op: 'setText', elementKey, text: `Concurrent ${index}` }],
        }),
      ),
    );
    expect(answers.map((answer) => answer.revision).sort()).toEqual([
      revision + 1,
      revision + 2,
      revision + 3,
    ]);
    for (const [index, sectionKey] of home.sectionKeys.entries()) {
      expect(await headingText(project.projectKey, sectionKey)).toBe(`Concurrent ${index}`);
    }
  });

  it('undoes the last 20 edits one by one, then has nothing left of them', async () => {
    const project = await freshProject();
    const [home] = project.pages;
    for (let n = 1; n <= 21; n++) {
      await edited(owner, {
        projectKey: project.projectKey,
        changes: [{ op: 'setText', elementKey: home.headingKeys[0], text: `Version ${n}` }],
      });
    }
    for (let n = 20; n >= 1; n--) {
      const undone = await edited(owner, { projectKey: project.projectKey, changes: [{ op: 'undo' }] });
      expect(undone.changed).toEqual([
        { pageKey: home.pageKey, sectionKey: home.sectionKeys[0], title: 'Welcome' },
      ]);
      expect(await headingText(project.projectKey, home.sectionKeys[0])).toBe(`Version ${n}`);
    }
    await edited(owner, { projectKey: project.projectKey, changes: [{ op: 'undo' }] });
    expect(await headingText(project.projectKey, home.sectionKeys[0])).toBe('Welcome');
    expect(
      refusal(await edit(owner, { projectKey: project.projectKey, changes: [{ op: 'undo' }] })),
    ).toMatchObject({
      error: 'undo_refused',
    });
  });

  it('refuses undo after another write, naming the writer', async () => {
    const project = await freshProject();
    const [home] = project.pages;
    const other = await app.connectMcp(
      (await newApiKey(app, cafe.owner, { name: 'Second agent', scopes: ['list:project', 'edit:project'] }))
        .text,
    );
    await edited(owner, {
      projectKey: project.projectKey,
      changes: [{ op: 'setText', elementKey: home.headingKeys[0], text: 'Mine' }],
    });
    await edited(other, {
      projectKey: project.projectKey,
      changes: [{ op: 'setText', elementKey: home.headingKeys[1], text: 'Theirs' }],
    });
    expect(
      refusal(await edit(owner, { projectKey: project.projectKey, changes: [{ op: 'undo' }] })),
    ).toMatchObject({
      error: 'undo_refused',
      by: 'the API key "Second agent"',
    });

    // The other key undoes its own; then a section written by another writer (as the editor or AI would).
    await edited(other, { projectKey: project.projectKey, changes: [{ op: 'undo' }] });
    await app.get(PrismaService).$transaction((tx) =>
      app.get(ProjectWriter).appendSections(
        tx,
        project.projectId,
        home.pageId,
        [
          {
            key: newPublicKey(),
            title: 'Later',
            type: 'content',
            tree: { key: newPublicKey(), type: 'frame', tag: 'section', children: [] },
            styles: {},
            interactions: [],
          },
        ],
        { author: draftAuthor(cafe.owner.actor), summary: 'added 1 section' },
      ),
    );
    const refused = refusal(await edit(owner, { projectKey: project.projectKey, changes: [{ op: 'undo' }] }));
    expect(refused).toMatchObject({ error: 'undo_refused', by: cafe.owner.actor.name });
    expect(refused.message).toContain('(added 1 section)');
    expect(await headingText(project.projectKey, home.sectionKeys[0])).toBe('Mine');

    const events = await app.prisma.auditEvent.findMany({
      where: { targetId: project.projectKey, action: { in: ['project.edited', 'project.edit_undone'] } },
      orderBy: { createdAt: 'asc' },
    });
    expect(events.map((event) => [event.action, (event.data as { by: string }).by])).toEqual([
      ['project.edited', `the API key "${ownerKeyName}"`],
      ['project.edited', 'the API key "Second agent"'],
      ['project.edit_undone', 'the API key "Second agent"'],
    ]);
    // The draft's history names the same writers, and the person who wrote last.
    const changes = await app.prisma.draftChange.findMany({
      where: { projectId: project.projectId },
      orderBy: { revision: 'asc' },
    });
    expect(changes.map((c) => [c.authorKind, c.authorName, c.summary]).slice(-4)).toEqual([
      ['api_key', ownerKeyName, 'changed 1 section'],
      ['api_key', 'Second agent', 'changed 1 section'],
      ['api_key', 'Second agent', 'undid its last edit'],
      ['person', cafe.owner.actor.name, 'added 1 section'],
    ]);
  });

  it("refuses another account's key, a viewer's key and a key without edit:project", async () => {
    const project = await freshProject();
    const change = { op: 'setText', elementKey: project.pages[0].headingKeys[0], text: 'Nope' };
    const all = ['list:project', 'create:project', 'edit:project'] as const;
    const stranger = await app.connectMcp((await newApiKey(app, cafe.stranger, { scopes: [...all] })).text);
    const viewer = await app.connectMcp((await newApiKey(app, cafe.viewer, { scopes: [...all] })).text);
    const creator = await app.connectMcp(
      (await newApiKey(app, cafe.owner, { scopes: ['list:project', 'create:project'] })).text,
    );
    const args = { projectKey: project.projectKey, changes: [change] };
    expect(textOf(await edit(stranger, args))).toMatch(`No project ${project.projectKey} is visible to you`);
    expect(textOf(await edit(viewer, args))).toMatch('may view project');
    const stepUp = await edit(creator, args);
    expect(stepUp.isError).toBe(true);
    expect(textOf(stepUp)).toBe(
      'This credential lacks the edit:project scope. Re-authorize the connection (or use an API key) with edit:project.',
    );
    expect(await headingText(project.projectKey, project.pages[0].sectionKeys[0])).toBe('Welcome');
  });
});
