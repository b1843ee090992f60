import { type ProjectSnapshot, snapshotSectionKeys } from '#folio/content';
import { type PrismaClient } from '#folio/db';

/**
 * Records the section screenshots owed by saved versions that have none (the demo's published versions,
 * versions saved before screenshots existed), and the link-preview images owed by the pages of versions
 * published as sites that have none; the app's jobs take them, and they become the thumbnails and og:images.
 * `npm start` and `npm run db:seed` call it; the tests' seed leaves it out, so their apps stay quiet.
 */
export async function oweMissingScreenshots(prisma: PrismaClient): Promise<number> {
  const versions = await prisma.projectVersion.findMany({
    where: { screenshots: { none: {} } },
    select: { id: true, snapshot: true },
  });
  let owed = 0;
  for (const version of versions) {
    const keys = snapshotSectionKeys(version.snapshot as unknown as ProjectSnapshot);
    const { count } = await prisma.sectionScreenshot.createMany({
      data: keys.map((sectionKey) => ({ versionId: version.id, sectionKey })),
      skipDuplicates: true,
    });
    owed += count;
  }
  const sites = await prisma.projectVersion.findMany({
    where: { publications: { some: { kind: 'site' } }, shareImages: { none: {} } },
    select: { id: true, snapshot: true },
  });
  for (const version of sites) {
    const { pages } = version.snapshot as unknown as ProjectSnapshot;
    const { count } = await prisma.shareImage.createMany({
      data: pages.map((page) => ({ versionId: version.id, pageKey: page.key })),
      skipDuplicates: true,
    });
    owed += count;
  }
  return owed;
}
