import { Injectable } from '@nestjs/common';
import { type Element, type Interaction, type SectionStyles, type Theme } from '#folio/content';
import { asJson, type Prisma } from '#folio/db';
import { type DraftChangeNote, ProjectWriter } from '#folio/projects';
import { type Draft, type DraftPage, type DraftSection } from './draft-edits.js';

type TransactionClient = Prisma.TransactionClient;

/**
 * What undo puts back: each page an edit changed with its meta and the order of its sections as they
 * were, the sections it changed or removed as they were, and the theme when it changed.
 */
export interface EditBefore {
  pages: (Omit<DraftPage, 'sections'> & { sectionKeys: string[] })[];
  sections: DraftSection[];
  theme?: Theme;
}

export interface StoredEdit {
  id: string;
  revision: number;
  baseRevision: number;
  apiKeyId: string;
  by: string;
  changed: { pageKey: string; sectionKey: string }[];
  before: EditBefore;
}

/** How many edits of a project undo can reach back through, at least. */
export const keptEdits = 50;
/** Edits beyond `keptEdits` are deleted at revisions that are a multiple of this. */
const pruneEvery = 10;

/** The rows of edit_project: a project's draft read under its lock, written back, and its edit log. */
@Injectable()
export class ProjectEditRepository {
  constructor(private readonly writer: ProjectWriter) {}

  /**
   * Locks the project's row until the transaction ends (FOR NO KEY UPDATE: concurrent edits and every
   * other draft writer wait; rows that only reference the project do not) and reads its revision.
   */
  async lock(tx: TransactionClient, projectId: string): Promise<number> {
    const [row] = await tx.$queryRaw<{ revision: number }[]>`
      SELECT revision FROM "Project" WHERE id = ${projectId}::uuid FOR NO KEY UPDATE`;
    return row.revision;
  }

  /** The draft as edits see it, in one statement. */
  async draft(tx: TransactionClient, projectId: string): Promise<Draft> {
    const project = await tx.project.findUniqueOrThrow({
      where: { id: projectId },
      select: {
        theme: true,
        breakpoints: true,
        pages: {
          orderBy: { order: 'asc' },
          select: {
            id: true,
            key: true,
            title: true,
            description: true,
            imageUrl: true,
            sections: {
              orderBy: { order: 'asc' },
              select: {
                id: true,
                key: true,
                title: true,
                type: true,
                externalId: true,
                librarySectionId: true,
                tree: true,
                styles: true,
                interactions: true,
                model: true,
              },
            },
          },
        },
      },
    });
    return {
      theme: project.theme as unknown as Theme,
      breakpoints: (project.breakpoints as unknown as { name: string }[]).map(
        (breakpoint) => breakpoint.name,
      ),
      pages: project.pages.map((page) => ({
        ...page,
        sections: page.sections.map((section) => ({
          ...section,
          tree: section.tree as unknown as Element,
          styles: section.styles as unknown as SectionStyles,
          interactions: section.interactions as unknown as Interaction[],
        })),
      })),
    };
  }

  /**
   * Writes what differs between the pages given and the same pages in `source`: their meta, the sections
   * removed, added, moved or named in `changed`; then the theme when given, a new revision (recorded as
   * `change`) and the search document. The revision made.
   */
  async write(
    tx: TransactionClient,
    projectId: string,
    source: Draft,
    pages: readonly DraftPage[],
    changed: ReadonlySet<string>,
    theme: Theme | undefined,
    change: DraftChangeNote,
  ): Promise<number> {
    for (const page of pages) {
      const before = source.pages.find((candidate) => candidate.id === page.id)!;
      if (
        page.title !== before.title ||
        page.description !== before.description ||
        page.imageUrl !== before.imageUrl
      ) {
        await this.writer.updatePage(tx, page.id, {
          title: page.title,
          description: page.description,
          imageUrl: page.imageUrl,
        });
      }
      const kept = new Set(page.sections.map((section) => section.key));
      await this.writer.deleteSections(
        tx,
        before.sections.filter((section) => !kept.has(section.key)).map((section) => section.id!),
      );
      const position = new Map(before.sections.map((section, order) => [section.key, order]));
      const updates = page.sections.flatMap((section, order) =>
        section.id && (changed.has(section.key) || position.get(section.key) !== order)
          ? [{ ...section, id: section.id, order, model: (section.model as object | null) ?? null }]
          : [],
      );
      await this.writer.updateSections(tx, updates);
      await this.writer.insertSections(
        tx,
        page.id,
        page.sections.flatMap((section, order) =>
          section.id ? [] : [{ ...section, order, model: (section.model as object | null) ?? undefined }],
        ),
      );
    }
    if (theme) await this.writer.setTheme(tx, projectId, theme);
    const revision = await this.writer.newRevision(tx, projectId, change);
    await this.writer.refreshSearch(tx, projectId);
    return revision;
  }

  /**
   * Records an edit call for undo and stale answers. Every {@link pruneEvery}th revision, the project's
   * edits beyond its newest {@link keptEdits} are deleted: a call does not pay for the delete each time.
   */
  async record(tx: TransactionClient, projectId: string, edit: Omit<StoredEdit, 'id'>): Promise<void> {
    await tx.projectEdit.create({
      data: { projectId, ...edit, changed: asJson(edit.changed), before: asJson(edit.before) },
    });
    if (edit.revision % pruneEvery !== 0) return;
    await tx.$executeRaw`
      DELETE FROM "ProjectEdit" WHERE "projectId" = ${projectId}::uuid AND id NOT IN (
        SELECT id FROM "ProjectEdit" WHERE "projectId" = ${projectId}::uuid ORDER BY revision DESC LIMIT ${keptEdits})`;
  }

  /** The sections edit calls changed after `revision`, each once. */
  async changedSince(
    tx: TransactionClient,
    projectId: string,
    revision: number,
  ): Promise<{ pageKey: string; sectionKey: string }[]> {
    const rows = await tx.projectEdit.findMany({
      where: { projectId, revision: { gt: revision } },
      orderBy: { revision: 'asc' },
      select: { changed: true },
    });
    const seen = new Map<string, { pageKey: string; sectionKey: string }>();
    for (const row of rows) {
      for (const section of row.changed as { pageKey: string; sectionKey: string }[]) {
        seen.set(section.sectionKey, section);
      }
    }
    return [...seen.values()];
  }

  /** The newest edit of the key. */
  async lastEdit(tx: TransactionClient, projectId: string, apiKeyId: string): Promise<StoredEdit | null> {
    const row = await tx.projectEdit.findFirst({
      where: { projectId, apiKeyId },
      orderBy: { revision: 'desc' },
      select: {
        id: true,
        revision: true,
        baseRevision: true,
        apiKeyId: true,
        by: true,
        changed: true,
        before: true,
      },
    });
    return (
      row && {
        ...row,
        changed: row.changed as StoredEdit['changed'],
        before: row.before as unknown as EditBefore,
      }
    );
  }

  /**
   * Forgets an undone edit. The key's edit before it now describes the draft again when nothing came
   * between the two: it takes the undo's revision, so the next undo reaches it.
   */
  async undone(tx: TransactionClient, projectId: string, edit: StoredEdit, revision: number): Promise<void> {
    await tx.projectEdit.delete({ where: { id: edit.id } });
    await tx.projectEdit.updateMany({
      where: { projectId, apiKeyId: edit.apiKeyId, revision: edit.baseRevision },
      data: { revision },
    });
  }
}
