import { Injectable } from '@nestjs/common';
import { newPublicKey } from '#folio/content';
import { asJson, type Prisma, PrismaService } from '#folio/db';
import { ConflictError, InvalidInputError } from '#folio/errors';
import {
  defaultProjectDesign,
  type NewSection,
  ProjectWriter,
  type SectionUpdate,
  uniquePagePath,
} from '#folio/projects';
import { type BuiltSection } from './template-section.js';

type TransactionClient = Prisma.TransactionClient;

export interface TemplateSectionWrite {
  externalId: string | null;
  type: string;
  /** Field values, checked against the section type. */
  values: Record<string, unknown>;
}

export interface TemplatePageWrite {
  /** Index in the request's `pages`, for error paths. */
  index: number;
  externalId: string | null;
  title?: string;
  description?: string;
  /** Without slashes around it; "" is the site root. */
  path?: string;
  status?: number;
  pinnedIds?: string[];
  /** The page's exact section list; absent leaves the sections as they are. */
  sections?: TemplateSectionWrite[];
}

export interface TemplateProjectWrite {
  /** The template's internal id, stored on a new project. */
  templateId: string;
  accountId: string;
  /** The project the caller's id named when read before the write; null when it is new. */
  existingProjectId: string | null;
  /** Where a new project goes and who makes it. */
  workspaceId: string | null;
  createdById: string;
  externalId: string | null;
  title?: string;
  description?: string;
  tags?: string[];
  pages: TemplatePageWrite[];
  pinnedValues: Record<string, Record<string, unknown>>;
  /** The stored form of a section (prototype with values) under `sectionKey`. */
  buildSection: (sectionKey: string, section: TemplateSectionWrite) => BuiltSection;
}

export interface WrittenSection {
  externalId: string | null;
  key: string;
  type: string;
  created: boolean;
}

export interface WrittenPage {
  externalId: string | null;
  key: string;
  created: boolean;
  sections: WrittenSection[];
}

export interface TemplateProjectWritten {
  projectId: string;
  projectKey: string;
  created: boolean;
  pages: WrittenPage[];
}

/** The project the caller's id names changed between the read and the write (a concurrent call): retry. */
export class ProjectChangedConcurrently extends ConflictError {}

interface ExistingSection {
  id: string;
  key: string;
  externalId: string | null;
  type: string;
}

interface ExistingPage {
  id: string;
  key: string;
  externalId: string | null;
  path: string;
  order: number;
  sections: ExistingSection[];
}

const defaultProjectTitle = 'Untitled';

/**
 * Writes a template call's project, pages, sections and pinned values in the caller's transaction, matching
 * the caller's ids to what an earlier call wrote. The rows themselves go through the project writer.
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

  async write(tx: TransactionClient, plan: TemplateProjectWrite): Promise<TemplateProjectWritten> {
    const project = await this.lockProject(tx, plan);
    const existingPages = project.created ? [] : await this.pagesOf(tx, project.id);
    const pages = await this.writePages(tx, plan, project, existingPages);
    await this.writePinnedValues(tx, project.id, plan.pinnedValues);
    await this.writer.refreshSearch(tx, project.id);
    return { projectId: project.id, projectKey: project.key, created: project.created, pages };
  }

  /**
   * Serializes calls for the same caller id, then creates the project or locks and updates the existing one.
   * The existing project must still be the one read before the transaction.
   */
  private async lockProject(
    tx: TransactionClient,
    plan: TemplateProjectWrite,
  ): Promise<{ id: string; key: string; created: boolean }> {
    if (plan.externalId !== null) {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`${plan.accountId}/${plan.externalId}`}, 0))`;
      const current = await tx.project.findFirst({
        where: { accountId: plan.accountId, externalId: plan.externalId },
        select: { id: true },
      });
      if ((current?.id ?? null) !== plan.existingProjectId) {
        throw new ProjectChangedConcurrently(
          `Project ${plan.externalId} changed while this call ran; retry it.`,
        );
      }
    }
    const fields = {
      ...(plan.title !== undefined ? { title: plan.title } : {}),
      ...(plan.description !== undefined ? { description: plan.description } : {}),
      ...(plan.tags !== undefined ? { tags: plan.tags } : {}),
    };
    if (plan.existingProjectId) {
      await this.writer.lockProject(tx, plan.existingProjectId);
      const updated = await this.writer.updateProject(tx, plan.existingProjectId, fields);
      return { ...updated, created: false };
    }
    const created = await this.writer.createProject(tx, {
      accountId: plan.accountId,
      workspaceId: plan.workspaceId,
      createdById: plan.createdById,
      templateId: plan.templateId,
      externalId: plan.externalId,
      title: defaultProjectTitle,
      ...fields,
      ...defaultProjectDesign(),
    });
    return { id: created.projectId, key: created.projectKey, created: true };
  }

  private async pagesOf(tx: TransactionClient, projectId: string): Promise<ExistingPage[]> {
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

  private async writePages(
    tx: TransactionClient,
    plan: TemplateProjectWrite,
    project: { id: string; created: boolean },
    existing: ExistingPage[],
  ): Promise<WrittenPage[]> {
    const byExternalId = new Map(
      existing.flatMap((page) => (page.externalId ? [[page.externalId, page]] : [])),
    );
    const requests = (
      project.created && plan.pages.length === 0
        ? [{ index: 0, externalId: null, title: 'Home' }]
        : plan.pages
    ).map((request) => {
      const known = request.externalId !== null ? byExternalId.get(request.externalId) : undefined;
      return { request, known, key: known?.key ?? newPublicKey() };
    });
    const paths = await this.claimPaths(tx, requests, existing);
    let nextOrder = Math.max(-1, ...existing.map((page) => page.order)) + 1;

    const written: WrittenPage[] = [];
    for (const [position, { request, known, key }] of requests.entries()) {
      const isNewHome = project.created && position === 0;
      const path = request.path ?? known?.path ?? paths.derive(request, isNewHome, key);
      const fields = {
        ...(request.title !== undefined ? { title: request.title } : {}),
        ...(request.description !== undefined ? { description: request.description } : {}),
        ...(request.status !== undefined ? { status: request.status } : {}),
        ...(request.pinnedIds !== undefined ? { pinnedIds: request.pinnedIds } : {}),
        path,
      };
      const page = known
        ? await this.writer.updatePage(tx, known.id, fields)
        : await this.writer.createPage(tx, project.id, {
            key,
            externalId: request.externalId,
            title: request.title ?? (isNewHome ? 'Home' : `Page ${nextOrder + 1}`),
            order: nextOrder++,
            isHome: isNewHome,
            ...fields,
          });
      const sections = request.sections
        ? await this.writeSections(tx, plan, page.id, known?.sections ?? [], request.sections)
        : (known?.sections ?? []).map((s) => ({
            externalId: s.externalId,
            key: s.key,
            type: s.type,
            created: false,
          }));
      written.push({ externalId: request.externalId, key, created: !known, sections });
    }
    return written;
  }

  /**
   * Reserves every path the body names before any page is written: a known page moving elsewhere frees its
   * old path (parked on a temporary one, so pages may swap paths in one call), and a path another page keeps
   * is refused. Pages without a path then get one derived from their title, apart from all of these.
   */
  private async claimPaths(
    tx: TransactionClient,
    requests: { request: TemplatePageWrite; known: ExistingPage | undefined; key: string }[],
    existing: ExistingPage[],
  ): Promise<{ derive: (request: TemplatePageWrite, isNewHome: boolean, key: string) => string }> {
    const owners = new Map(existing.map((page) => [page.path.toLowerCase(), page.key]));
    for (const { request, known } of requests) {
      if (!known || request.path === undefined || request.path === known.path) continue;
      owners.delete(known.path.toLowerCase());
      await this.writer.updatePage(tx, known.id, { path: `~moving/${known.key}` });
    }
    for (const { request, key } of requests) {
      if (request.path === undefined) continue;
      const owner = owners.get(request.path.toLowerCase());
      if (owner !== undefined && owner !== key) {
        const where = request.path === '' ? 'the site root' : `"${request.path}"`;
        throw new InvalidInputError([
          { path: `pages[${request.index}].path`, message: `${where} is already the path of page ${owner}.` },
        ]);
      }
      owners.set(request.path.toLowerCase(), key);
    }
    return {
      derive: (request, isNewHome, key) => {
        const path =
          isNewHome && !owners.has('') ? '' : uniquePagePath(request.title ?? 'page', new Set(owners.keys()));
        owners.set(path, key);
        return path;
      },
    };
  }

  /** Makes `requested` the page's exact section list: known caller ids are rebuilt in place, others are new. */
  private async writeSections(
    tx: TransactionClient,
    plan: TemplateProjectWrite,
    pageId: string,
    existing: ExistingSection[],
    requested: TemplateSectionWrite[],
  ): Promise<WrittenSection[]> {
    const byExternalId = new Map(existing.flatMap((s) => (s.externalId ? [[s.externalId, s]] : [])));
    const updates: SectionUpdate[] = [];
    const inserts: (NewSection & { order: number })[] = [];
    const written = requested.map((section, order): WrittenSection => {
      const known = section.externalId !== null ? byExternalId.get(section.externalId) : undefined;
      const key = known?.key ?? newPublicKey();
      const built = plan.buildSection(key, section);
      const row = {
        order,
        title: built.title,
        type: section.type,
        tree: built.tree,
        styles: built.styles,
        interactions: built.interactions,
        model: built.model,
      };
      if (known) updates.push({ id: known.id, ...row });
      else inserts.push({ key, externalId: section.externalId, ...row });
      return { externalId: section.externalId, key, type: section.type, created: !known };
    });
    const kept = new Set(written.map((section) => section.key));
    const removed = existing.filter((section) => !kept.has(section.key)).map((section) => section.id);
    await this.writer.deleteSections(tx, removed);
    await this.writer.updateSections(tx, updates);
    await this.writer.insertSections(tx, pageId, inserts);
    return written;
  }

  private async writePinnedValues(
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
