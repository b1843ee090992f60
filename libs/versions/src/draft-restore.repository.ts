import { Injectable } from '@nestjs/common';
import { type ProjectSnapshot, type SnapshotSection } from '#folio/content';
import { type Prisma } from '#folio/db';
import { ConflictError } from '#folio/errors';
import { type DraftChangeNote, type NewSection, ProjectWriter } from '#folio/projects';

type TransactionClient = Prisma.TransactionClient;

/** A section of the draft as a restore finds it: what the snapshot does not hold is kept from it. */
interface CurrentSection {
  id: string;
  key: string;
  model: Prisma.JsonValue;
}

/**
 * Replaces a project's draft with a saved version's snapshot, through the project writer: its title,
 * description, tags and theme, and its pages and sections matched by key — pages and sections the
 * version has keep their rows (a section keeps its caller id, library link and content model), the
 * others go, and those the draft has lost come back.
 */
@Injectable()
export class DraftRestoreRepository {
  constructor(private readonly writer: ProjectWriter) {}

  /**
   * Writes `snapshot` over the draft as one new revision recorded as `change`, unless the draft has moved
   * on from `expectedRevision` (a write since the caller read it, which the restore would silently
   * undo). The revision made.
   */
  async replaceDraft(
    tx: TransactionClient,
    projectId: string,
    expectedRevision: number,
    snapshot: ProjectSnapshot,
    change: DraftChangeNote,
  ): Promise<number> {
    await this.writer.lockProject(tx, projectId);
    const current = await tx.project.findUniqueOrThrow({
      where: { id: projectId },
      select: {
        revision: true,
        pages: {
          select: {
            id: true,
            key: true,
            path: true,
            sections: { select: { id: true, key: true, model: true } },
          },
        },
      },
    });
    if (current.revision !== expectedRevision) {
      throw new ConflictError('The draft changed while it was being restored; look at it again and retry.');
    }
    const wanted = new Map(snapshot.pages.map((page) => [page.key, page]));
    const kept = current.pages.filter((page) => wanted.has(page.key));
    // Sections not on the same page in the version go first, so a section moved between pages comes back
    // under its key.
    const keptSections = new Map<string, CurrentSection>();
    const goneSectionIds: string[] = [];
    for (const page of kept) {
      const keys = new Set(wanted.get(page.key)!.sections.map((section) => section.key));
      for (const section of page.sections) {
        if (keys.has(section.key)) keptSections.set(section.key, section);
        else goneSectionIds.push(section.id);
      }
    }
    await this.writer.deleteSections(tx, goneSectionIds);
    await this.writer.deletePages(
      tx,
      current.pages.filter((page) => !wanted.has(page.key)).map((page) => page.id),
    );
    // Pages let go of their paths first, so two may swap them under the unique index.
    for (const page of kept) {
      if (page.path !== wanted.get(page.key)!.path) {
        await this.writer.updatePage(tx, page.id, { path: `~restoring/${page.key}` });
      }
    }
    const pageIds = new Map(kept.map((page) => [page.key, page.id]));
    for (const [order, page] of snapshot.pages.entries()) {
      const fields = {
        title: page.title,
        description: page.description,
        path: page.path,
        order,
        isHome: page.isHome,
        pinnedIds: page.pinnedIds,
        imageUrl: page.imageUrl ?? null,
      };
      const pageId = pageIds.get(page.key);
      if (pageId === undefined) {
        await this.writer.createPage(tx, projectId, {
          key: page.key,
          ...fields,
          sections: page.sections.map(newSection),
        });
        continue;
      }
      await this.writer.updatePage(tx, pageId, fields);
      await this.writer.updateSections(
        tx,
        page.sections.flatMap((section, position) => {
          const existing = keptSections.get(section.key);
          return existing
            ? [{ ...newSection(section), id: existing.id, order: position, model: modelOf(existing) }]
            : [];
        }),
      );
      await this.writer.insertSections(
        tx,
        pageId,
        page.sections.flatMap((section, position) =>
          keptSections.has(section.key) ? [] : [{ ...newSection(section), order: position }],
        ),
      );
    }
    const { title, description, tags, theme } = snapshot.project;
    await this.writer.updateProject(tx, projectId, { title, description, tags });
    await this.writer.setTheme(tx, projectId, theme);
    const revision = await this.writer.newRevision(tx, projectId, change);
    await this.writer.refreshSearch(tx, projectId);
    return revision;
  }
}

function newSection(section: SnapshotSection): NewSection {
  return {
    key: section.key,
    title: section.title,
    type: section.type,
    tree: section.tree,
    styles: section.styles,
    interactions: section.interactions,
  };
}

function modelOf(section: CurrentSection): object | null {
  return section.model !== null && typeof section.model === 'object' ? section.model : null;
}
