// The screenshot job records a shot and, for the index page's first section, the project thumbnail; a late
// job of an older version must not put back the thumbnail of a version since replaced.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PrismaService } from '#folio/db';
import { IdentityModule } from '#folio/identity';
import { draftAuthor, ProjectWriter } from '#folio/projects';
import {
  newProject,
  newUser,
  startTestModule,
  type TestModule,
  type TestProject,
  type TestUser,
} from '#folio/testing';
import { VersionService, VersionsModule } from '#folio/versions';
import { ScreenshotsModule } from './screenshots.module.js';
import { SectionScreenshotProcessor } from './section-screenshot.processor.js';

describe(SectionScreenshotProcessor.name, () => {
  let app: TestModule;
  let owner: TestUser;
  let project: TestProject;

  beforeAll(async () => {
    app = await startTestModule([ScreenshotsModule, VersionsModule, IdentityModule]);
    owner = await newUser(app);
    project = await newProject(app, owner, { pages: [{ sections: [{ title: 'Fresh bread daily' }] }] });
  });
  afterAll(() => app?.close());

  /** Saves the draft as a version: its id and the key of its first section (the thumbnail's). */
  async function saveVersion(): Promise<{ versionId: string; sectionKey: string }> {
    const { number } = await app.get(VersionService).save(owner.actor, project.projectKey);
    const version = await app.prisma.projectVersion.findFirstOrThrow({
      where: { projectId: project.projectId, number },
      select: { id: true },
    });
    return { versionId: version.id, sectionKey: project.pages[0].sectionKeys[0] };
  }

  const thumbnailUrl = async () =>
    (
      await app.prisma.project.findUniqueOrThrow({
        where: { id: project.projectId },
        select: { thumbnailAsset: { select: { url: true } } },
      })
    ).thumbnailAsset?.url;

  it("keeps the newer version's thumbnail when the older version's job finishes last", async () => {
    const older = await saveVersion();
    await app.get(PrismaService).$transaction((tx) =>
      app.get(ProjectWriter).appendSections(
        tx,
        project.projectId,
        project.pages[0].pageId,
        [
          {
            key: 'secOpeningHours',
            title: 'Opening hours',
            type: 'content',
            tree: {
              key: 'elOpeningHours',
              type: 'frame',
              tag: 'section',
              children: [{ key: 'elHoursText', type: 'text', tag: 'h2', text: 'Open every day from seven' }],
            },
            styles: {},
            interactions: [],
          },
        ],
        { author: draftAuthor(owner.actor), summary: 'added 1 section' },
      ),
    );
    const newer = await saveVersion();
    const processor = app.get(SectionScreenshotProcessor);
    const lastAttempt = { id: 'job', attempt: 1, isLastAttempt: true };

    await processor.process(newer, lastAttempt);
    const newerThumbnail = await thumbnailUrl();
    expect(newerThumbnail).toMatch(/^\/assets\/[0-9a-f]{64}\.png$/);

    await processor.process(older, lastAttempt);
    const olderShot = await app.prisma.sectionScreenshot.findUniqueOrThrow({
      where: { versionId_sectionKey: older },
      select: { status: true },
    });
    expect(olderShot.status).toBe('ready');
    expect(await thumbnailUrl()).toBe(newerThumbnail);
  });
});
