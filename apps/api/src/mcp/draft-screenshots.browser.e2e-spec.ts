import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Client } from '@modelcontextprotocol/client';
import { PublishService } from '#folio/publishing';
import {
  type CafeOrganization,
  type McpTools,
  newApiKey,
  newCafeOrganization,
  newProject,
  startMcpTools,
  type TestProject,
  waitUntil,
} from '#folio/testing';

// Screenshots follow content (issue 31 point 5): after edit_project changes sections of a draft, the agent's
// get_project_sections (with its images) and the project thumbnail show the new draft within 20 s, while
// the published version keeps the screenshots and link-preview images of what was published.

type Block = { type: string; text?: string; data?: string };
interface Outline {
  revision: number;
  pages: { sections: { sectionKey: string; screenshotUrl: string | null }[] }[];
}

/** Sections of the home page; the edit changes the first ten, the page top (the thumbnail) among them. */
const homeSections = 12;
const changedCount = 10;

describe('screenshots of a draft', () => {
  let app: McpTools;
  let cafe: CafeOrganization;
  let agent: Client;

  beforeAll(async () => {
    app = await startMcpTools();
    cafe = await newCafeOrganization(app);
    const key = await newApiKey(app, cafe.owner, { scopes: ['list:project', 'edit:project'] });
    agent = await app.connectMcp(key.text);
  });

  afterAll(() => app?.close());

  const outline = async (projectKey: string) =>
    (await agent.callTool({ name: 'get_project_sections', arguments: { projectKey, detail: 'outline' } }))
      .structuredContent as unknown as Outline;

  const screenshotUrls = async (projectKey: string) =>
    new Map(
      (await outline(projectKey)).pages
        .flatMap((page) => page.sections)
        .map((section) => [section.sectionKey, section.screenshotUrl]),
    );

  /** The images includeScreenshots returns, by the section each one's label names. */
  async function images(projectKey: string): Promise<Map<string, string>> {
    const pictured = new Map<string, string>();
    let next: Record<string, unknown> | undefined = { detail: 'outline', includeScreenshots: true };
    while (next) {
      const result = await agent.callTool({
        name: 'get_project_sections',
        arguments: { projectKey, ...next },
      });
      const blocks = result.content as Block[];
      for (const [index, block] of blocks.entries()) {
        if (block.type === 'image')
          pictured.set(/section (\w+)/.exec(blocks[index - 1].text!)![1], block.data!);
      }
      next = (result.structuredContent as { truncated?: { next: Record<string, unknown> } }).truncated?.next;
    }
    return pictured;
  }

  const thumbnailUrl = async (projectId: string) =>
    (
      await app.prisma.project.findUniqueOrThrow({
        where: { id: projectId },
        select: { thumbnailAsset: { select: { url: true, status: true } } },
      })
    ).thumbnailAsset?.url ?? null;

  const published = async (projectId: string) =>
    app.prisma.projectVersion.findFirstOrThrow({
      where: { projectId, publications: { some: { kind: 'site' } } },
      select: {
        screenshots: {
          select: { sectionKey: true, status: true, url: true },
          orderBy: { sectionKey: 'asc' },
        },
        shareImages: { select: { pageKey: true, status: true, url: true }, orderBy: { pageKey: 'asc' } },
      },
    });

  async function settled(project: TestProject): Promise<void> {
    await waitUntil(
      'the published version’s and the draft’s screenshots',
      async () => {
        const version = await published(project.projectId);
        const { revision, screenshotsRevision } = await app.prisma.project.findUniqueOrThrow({
          where: { id: project.projectId },
          select: { revision: true, screenshotsRevision: true },
        });
        return (
          [...version.screenshots, ...version.shareImages].every((row) => row.status === 'ready') &&
          screenshotsRevision === revision
        );
      },
      { timeoutMs: 90_000, intervalMs: 100 },
    );
  }

  it('shows the changed sections and the new page top within 20 s; the published version keeps its own', async () => {
    const project = await newProject(app, cafe.owner, {
      title: 'Screenshot café',
      accountKey: cafe.organization.key,
      pages: [
        { sections: Array.from({ length: homeSections }, (_, n) => ({ title: `Part ${n + 1}` })) },
        { title: 'Visit us', sections: [{ title: 'Hours' }] },
      ],
    });
    await app
      .get(PublishService)
      .publish(cafe.owner.actor, project.projectKey, { destination: 'site', slug: 'screenshot-cafe' });
    await settled(project);
    const [home] = project.pages;
    const before = await screenshotUrls(project.projectKey);
    expect([...before.values()].every(Boolean)).toBe(true);
    const imagesBefore = await images(project.projectKey);
    const thumbnailBefore = await thumbnailUrl(project.projectId);
    expect(thumbnailBefore).toBeTruthy();
    const publishedBefore = await published(project.projectId);

    const changed = home.sectionKeys.slice(0, changedCount);
    const edit = await agent.callTool({
      name: 'edit_project',
      arguments: {
        projectKey: project.projectKey,
        changes: home.headingKeys
          .slice(0, changedCount)
          .map((elementKey, n) => ({ op: 'setText', elementKey, text: `Freshly baked ${n + 1}` })),
      },
    });
    expect(edit.isError).toBeFalsy();
    const written = performance.now();

    await waitUntil(
      'screenshots of the changed sections and a new thumbnail',
      async () => {
        const now = await screenshotUrls(project.projectKey);
        const renewed = [...now].filter(([key, url]) => url && url !== before.get(key)).map(([key]) => key);
        return renewed.length === changedCount && (await thumbnailUrl(project.projectId)) !== thumbnailBefore;
      },
      { timeoutMs: 20_000, intervalMs: 100 },
    );
    const elapsed = performance.now() - written;
    console.log(
      `${changedCount} sections edited → screenshots and thumbnail: ${(elapsed / 1000).toFixed(2)} s`,
    );

    // Exactly the changed sections look different to the agent; the others are the pictures it had.
    const after = await screenshotUrls(project.projectKey);
    const renewed = [...after].filter(([key, url]) => url !== before.get(key)).map(([key]) => key);
    expect(renewed.sort()).toEqual([...changed].sort());
    const imagesAfter = await images(project.projectKey);
    expect([...imagesAfter.keys()].sort()).toEqual([...imagesBefore.keys()].sort());
    const differing = [...imagesAfter]
      .filter(([key, data]) => data !== imagesBefore.get(key))
      .map(([key]) => key);
    expect(differing.sort()).toEqual([...changed].sort());

    // What was published keeps its screenshots and link-preview images.
    expect(await published(project.projectId)).toEqual(publishedBefore);
  });
});
