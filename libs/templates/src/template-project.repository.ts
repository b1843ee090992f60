import { Injectable } from '@nestjs/common';
import { asJson, type Prisma, PrismaService } from '#folio/db';
import { type DraftChangeNote, type NewProject, type ProjectChanges, ProjectWriter } from '#folio/projects';
import { type ExistingPage, type TemplatePagesPlan } from './template-project-plan.js';

type TransactionClient = Prisma.TransactionClient;

/**
 * The rows of a template call: the project a caller id names, its pages as earlier calls left them, and
 * the writes `planTemplatePages` decided, in the caller's transaction. The rows themselves go through the
 * project writer.
 */
@Injectable()
export class TemplateProjectRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly writer: ProjectWriter,
  ) {}

  /** The project of the account with this caller id, whatever template (or none) it was made from. */
  async findByExternalId(
    accountId: string,
    externalId: string,
  ): Promise<{ id: string; key: string; templateId: string | null; teamId: string | null } | null> {
    const row = await this.prisma.project.findFirst({
      where: { accountId, externalId },
      select: { id: true, key: true, templateId: true, workspace: { select: { teamId: true } } },
    });
    return (
      row && { id: row.id, key: row.key, templateId: row.templateId, teamId: row.workspace?.teamId ?? null }
    );
  }

  /**
   * Serializes the calls for one caller id until the transaction ends, then reads the id of the project
   * that caller id names now (null for none).
   */
  async lockExternalId(tx: TransactionClient, accountId: string, externalId: string): Promise<string | null> {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`${accountId}/${externalId}`}, 0))`;
    const current = await tx.project.findFirst({ where: { accountId, externalId }, select: { id: true } });
    return current?.id ?? null;
  }

  async createProject(tx: TransactionClient, project: NewProject): Promise<{ id: string; key: string }> {
    const created = await this.writer.createProject(tx, project);
    return { id: created.projectId, key: created.projectKey };
  }

  /** Locks the project's row, then changes its fields. */
  async updateProject(
    tx: TransactionClient,
    projectId: string,
    changes: ProjectChanges,
  ): Promise<{ id: string; key: string }> {
    await this.writer.lockProject(tx, projectId);
    return this.writer.updateProject(tx, projectId, changes);
  }

  async pagesOf(tx: TransactionClient, projectId: string): Promise<ExistingPage[]> {
    return tx.page.findMany({
      where: { projectId },
      orderBy: { order: 'asc' },
      select: {
        id: true,
        key: true,
        externalId: true,
        path: true,
        order: true,
        sections: {
          orderBy: { order: 'asc' },
          select: { id: true, key: true, externalId: true, type: true },
        },
      },
    });
  }

  /**
   * Writes the planned pages and sections, then a new revision and the project's search document. Pages that move let go of
   * their path first (parked on a temporary one), so pages may swap paths under the unique index.
   */
  async writePages(
    tx: TransactionClient,
    projectId: string,
    plan: TemplatePagesPlan,
    change: DraftChangeNote,
  ): Promise<void> {
    for (const { id, key } of plan.moving) await this.writer.updatePage(tx, id, { path: `~moving/${key}` });
    for (const planned of plan.pages) {
      const page =
        planned.id === null
          ? await this.writer.createPage(tx, projectId, planned.page)
          : await this.writer.updatePage(tx, planned.id, planned.changes);
      if (!planned.sections) continue;
      await this.writer.deleteSections(tx, planned.sections.removedIds);
      await this.writer.updateSections(tx, planned.sections.updates);
      await this.writer.insertSections(tx, page.id, planned.sections.inserts);
    }
    await this.writer.newRevision(tx, projectId, change);
    await this.writer.refreshSearch(tx, projectId);
  }

  async writePinnedValues(
    tx: TransactionClient,
    projectId: string,
    values: Record<string, Record<string, unknown>>,
  ): Promise<void> {
    for (const [pinnedId, value] of Object.entries(values)) {
      await tx.pinnedValue.upsert({
        where: { projectId_pinnedId: { projectId, pinnedId } },
        create: { projectId, pinnedId, value: asJson(value) },
        update: { value: asJson(value) },
      });
    }
  }
}
