// A picture still being drawn in the background (as AI images are), for specs of what shows until it is ready.
import { type Element, newPublicKey } from '#folio/content';
import { type PrismaClient } from '#folio/db';
import { editFirstSection } from './section-edits.js';

export interface PendingPicture {
  /** The image element's key (its DOM id). */
  elementKey: string;
  /** The worker is done: the asset is ready. */
  ready(): Promise<void>;
  /** Puts the section back as it was and drops the asset. */
  remove(): Promise<void>;
}

/** An image element on the first section of the project's home page, its asset (`url`) pending. */
export async function addPendingPicture(
  prisma: PrismaClient,
  projectKey: string,
  url: string,
): Promise<PendingPicture> {
  const { id: projectId } = await prisma.project.findUniqueOrThrow({ where: { key: projectKey } });
  const asset = await prisma.asset.create({
    data: { key: newPublicKey(), projectId, kind: 'image', url, status: 'pending' },
  });
  const picture: Element = { key: newPublicKey(), type: 'image', asset: asset.key, alt: 'Drawn' };
  const restore = await editFirstSection(prisma, projectId, ({ tree }) => {
    tree.children = [...(tree.children ?? []), picture];
  });
  return {
    elementKey: picture.key,
    ready: async () => {
      await prisma.asset.update({ where: { id: asset.id }, data: { status: 'ready' } });
    },
    remove: async () => {
      await restore();
      await prisma.asset.delete({ where: { id: asset.id } });
    },
  };
}
