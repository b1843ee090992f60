import { type ProjectSnapshot, snapshotSectionKeys } from '#folio/content';
import { type PrismaClient } from '#folio/db';

/**
 * Records the section screenshots owed by saved versions that have none (the demo's published versions,
 * versions saved before screenshots existed); the app's jobs take them, and they become the thumbnails.
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
  return owed;
}
