import { newPublicKey } from '#folio/content';
import { asJson, type PrismaClient } from '#folio/db';
import { starterLibrary } from '#folio/seed';

/** A section library holding the first three sections of the seed's starter library; public unless owned. */
export function createTestLibrary(
  prisma: PrismaClient,
  library: {
    title: string;
    description?: string;
    ownerAccountId?: string;
    teamId?: string;
    aiEnabled?: boolean;
  },
) {
  return prisma.library.create({
    data: {
      key: newPublicKey(),
      ...library,
      sections: {
        create: starterLibrary.sections.slice(0, 3).map((section, order) => ({
          key: newPublicKey(),
          title: section.title,
          order,
          tree: asJson(section.tree),
          styles: section.styles,
        })),
      },
    },
  });
}
