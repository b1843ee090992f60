import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { type AuditEntry, AuditLog } from '#folio/audit';
import { type Prisma, PrismaService } from '#folio/db';
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from '#folio/errors';
import { type Actor, type Principal, projectAccess } from '#folio/identity';
import {
  actingFor,
  defaultProjectDesign,
  type DraftAuthor,
  draftAuthor,
  normalizePagePath,
  PlacementResolver,
} from '#folio/projects';
import { checkTemplateBody } from './template-body-check.js';
import {
  type TemplatePageInput,
  type TemplateProjectInput,
  type TemplateSectionInput,
} from './template-body.js';
import { TemplateCatalog, type UsableTemplate } from './template-catalog.service.js';
import {
  planTemplatePages,
  type TemplatePageWrite,
  type TemplateSectionWrite,
  type WrittenPage,
} from './template-project-plan.js';
import { TemplateProjectRepository } from './template-project.repository.js';
import { buildTemplateSection } from './template-section.js';
import { type IdempotencyClaim, IdempotencyRepository, isIdempotencyRace } from './idempotency.repository.js';

export interface TemplateCallOptions {
  /** Query-string workspace (the body's `workspaceKey` is the fallback): where a new project goes. */
  workspaceKey?: string;
  /** Public base URL, for the editor URL in the answer. */
  baseUrl: string;
  /** With an `Idempotency-Key`: the API key it belongs to and the key itself. */
  idempotency?: { apiKeyId: string; key: string };
}

/** The answer of the template API (docs/design.md §10). */
export interface TemplateCallResult {
  projectKey: string;
  url: string;
  createdOrUpdatedPages: Record<string, string>;
  response: {
    id: string | null;
    key: string;
    created: boolean;
    pages: {
      id: string | null;
      key: string;
      created: boolean;
      sections: { id: string | null; key: string; _type: string; created: boolean }[];
    }[];
  };
}

/** What a call wrote: the project, whether it is new, and its requested pages. */
interface TemplateProjectWritten {
  projectId: string;
  projectKey: string;
  created: boolean;
  pages: WrittenPage[];
}

/** The project the caller's id named changed between the read and the write (a concurrent call): retry. */
class ProjectChangedConcurrently extends ConflictError {}

/** How long the first answer under an `Idempotency-Key` is replayed; older records are dropped. */
const idempotencyWindowMs = 24 * 60 * 60 * 1000;

/** The title of a project made by a call that gives none. */
const untitledProjectTitle = 'Untitled';

/** One call's write, its checks done: what to write, where, and the project its id named when read. */
interface ProjectWrite {
  actor: Actor;
  author: DraftAuthor;
  template: UsableTemplate;
  body: TemplateProjectInput;
  pinned: Record<string, Record<string, unknown>>;
  /** The project the caller's id named before the transaction; null when it is new. */
  existingProjectId: string | null;
  /** Where a new project goes. */
  workspaceId: string | null;
}

export interface TemplateCallAnswer {
  /** 201 when the project was created, 200 when it was updated. */
  statusCode: number;
  body: TemplateCallResult;
  /** True when this is the stored answer of an earlier call with the same Idempotency-Key. */
  replayed: boolean;
}

/** Creates, or updates by caller ids, a project from a template (POST /project/create-from-template/:templateKey). */
@Injectable()
export class TemplateProjectService {
  constructor(
    private readonly catalog: TemplateCatalog,
    private readonly placements: PlacementResolver,
    private readonly writes: TemplateProjectRepository,
    private readonly idempotency: IdempotencyRepository,
    private readonly audit: AuditLog,
    private readonly prisma: PrismaService,
  ) {}

  /** The write is recorded as the change of `by`: the key or app calling (or a person). */
  async apply(
    by: Actor | Principal,
    templateKey: string,
    body: TemplateProjectInput,
    options: TemplateCallOptions,
  ): Promise<TemplateCallAnswer> {
    const actor = actingFor(by);
    const template = await this.catalog.usable(actor, templateKey);
    const { problems, pinned } = checkTemplateBody(template.schema, body);
    if (problems.length) throw new InvalidInputError(problems);

    const workspaceKey = options.workspaceKey ?? body.workspaceKey;
    const claim = options.idempotency && {
      ...options.idempotency,
      route: `POST /project/create-from-template/${templateKey}`,
      requestHash: requestHash({ workspaceKey, body }),
    };
    if (claim) {
      const replay = await this.replay(claim);
      if (replay) return replay;
    }
    // A concurrent call may commit the same project id or Idempotency-Key first: then this one runs again
    // against what it wrote, or replays its answer.
    for (let attempt = 1; ; attempt++) {
      try {
        const call = { actor, author: draftAuthor(by), template, body, pinned };
        return await this.write(call, workspaceKey, options.baseUrl, claim);
      } catch (error) {
        const replay = claim && isIdempotencyRace(error) ? await this.replay(claim) : null;
        if (replay) return replay;
        if (!(error instanceof ProjectChangedConcurrently) || attempt === 2) throw error;
        const earlier = claim ? await this.replay(claim) : null;
        if (earlier) return earlier;
      }
    }
  }

  private async write(
    { actor, author, template, body, pinned }: Omit<ProjectWrite, 'existingProjectId' | 'workspaceId'>,
    workspaceKey: string | undefined,
    baseUrl: string,
    claim: IdempotencyClaim | undefined,
  ): Promise<TemplateCallAnswer> {
    const existing = body.id ? await this.writes.findByExternalId(template.accountId, body.id) : null;
    let workspaceId: string | null = null;
    if (existing) {
      this.requireUpdatable(actor, template, body.id!, existing);
    } else {
      // A new project goes to the template's account (into the named workspace there), where the key may edit.
      const placement = await this.placements.forNewProject(
        actor,
        { accountKey: template.accountKey, workspace: workspaceKey },
        'edit',
      );
      workspaceId = placement.workspaceId;
    }
    const call = {
      actor,
      author,
      template,
      body,
      pinned,
      existingProjectId: existing?.id ?? null,
      workspaceId,
    };
    // The project, its audit event and the idempotency record commit together, or none of them.
    const written = await this.prisma.$transaction(
      async (tx) => {
        const result = await this.writeProject(tx, call);
        await this.audit.record(projectWritten(actor, template, body, result), tx);
        if (claim) {
          const answer = { statusCode: statusOf(result), body: answerBody(result, body.id, baseUrl) };
          await this.idempotency.save(tx, claim, answer, replayWindowStart());
        }
        return result;
      },
      { timeout: 30_000 },
    );
    return { statusCode: statusOf(written), body: answerBody(written, body.id, baseUrl), replayed: false };
  }

  /**
   * Creates the project, or updates the one the caller's id named when it still is the one read before the
   * transaction; then its pages and sections as `planTemplatePages` matches them, and its pinned values.
   */
  private async writeProject(
    tx: Prisma.TransactionClient,
    call: ProjectWrite,
  ): Promise<TemplateProjectWritten> {
    const { actor, template, body } = call;
    if (body.id !== undefined) {
      const current = await this.writes.lockExternalId(tx, template.accountId, body.id);
      if (current !== call.existingProjectId) {
        throw new ProjectChangedConcurrently(`Project ${body.id} changed while this call ran; retry it.`);
      }
    }
    const fields = {
      ...(body.title !== undefined ? { title: body.title } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.tags !== undefined ? { tags: body.tags } : {}),
    };
    const project = call.existingProjectId
      ? { ...(await this.writes.updateProject(tx, call.existingProjectId, fields)), created: false }
      : {
          ...(await this.writes.createProject(tx, {
            accountId: template.accountId,
            workspaceId: call.workspaceId,
            createdById: actor.userId,
            templateId: template.id,
            externalId: body.id ?? null,
            title: untitledProjectTitle,
            ...fields,
            ...defaultProjectDesign(),
          })),
          created: true,
        };
    const sectionTypes = new Map(template.schema.sectionTypes.map((type) => [type.type, type]));
    const plan = planTemplatePages(
      (body.pages ?? []).map(pageWrite),
      project.created ? [] : await this.writes.pagesOf(tx, project.id),
      project.created,
      (key, section) => buildTemplateSection(sectionTypes.get(section.type)!, key, section.values),
    );
    await this.writes.writePages(tx, project.id, plan, {
      author: call.author,
      summary: `${project.created ? 'created' : 'updated'} from the template "${template.title}"`,
    });
    await this.writes.writePinnedValues(tx, project.id, call.pinned);
    return {
      projectId: project.id,
      projectKey: project.key,
      created: project.created,
      pages: plan.pages.map((page) => page.written),
    };
  }

  /** Only a project made from this very template can be updated by it, by someone who may edit it. */
  private requireUpdatable(
    actor: Actor,
    template: UsableTemplate,
    externalId: string,
    project: { key: string; templateId: string | null; teamId: string | null },
  ): void {
    const access = projectAccess(actor, { accountId: template.accountId, teamId: project.teamId });
    if (access === 'none') throw new NotFoundError(`No project with id ${externalId} is visible to you.`);
    if (project.templateId !== template.id) {
      const origin = project.templateId === null ? 'without a template' : 'from another template';
      throw new ConflictError(
        `Project ${project.key} (id ${externalId}) was made ${origin}; it cannot be updated from template ${template.key}. Use another id to create a new project.`,
      );
    }
    if (access !== 'edit') {
      throw new ForbiddenError(`You may view project ${project.key} (id ${externalId}) but not change it.`);
    }
  }

  private async replay(claim: IdempotencyClaim): Promise<TemplateCallAnswer | null> {
    const stored = await this.idempotency.find(claim.apiKeyId, claim.key, replayWindowStart());
    if (!stored) return null;
    if (stored.route !== claim.route || stored.requestHash !== claim.requestHash) {
      throw new ConflictError(
        `Idempotency-Key ${claim.key} was already used for a different request; use a new key for a new request.`,
      );
    }
    return { statusCode: stored.statusCode, body: stored.body as TemplateCallResult, replayed: true };
  }
}

function pageWrite(page: TemplatePageInput, index: number): TemplatePageWrite {
  return {
    index,
    externalId: page.id ?? null,
    title: page.title,
    description: page.description,
    path: page.path === undefined ? undefined : normalizePagePath(page.path),
    status: page.status,
    pinnedIds: page.pinned,
    sections: page.data?.map(sectionWrite),
  };
}

function sectionWrite(section: TemplateSectionInput): TemplateSectionWrite {
  const { _type, id, ...values } = section;
  return { externalId: id ?? null, type: _type, values };
}

/** The audit event of a call that wrote a project, in the template's account. */
function projectWritten(
  actor: Actor,
  template: UsableTemplate,
  body: TemplateProjectInput,
  written: TemplateProjectWritten,
): AuditEntry {
  return {
    action: 'template.project_written',
    accountIds: [template.accountId],
    actorUserId: actor.userId,
    target: { type: 'project', id: written.projectKey },
    data: {
      created: written.created,
      title: body.title,
      externalId: body.id,
      templateKey: template.key,
      templateTitle: template.title,
      pages: written.pages.length,
    },
  };
}

/** Answers given since then are replayed. */
function replayWindowStart(): Date {
  return new Date(Date.now() - idempotencyWindowMs);
}

function statusOf(written: TemplateProjectWritten): number {
  return written.created ? 201 : 200;
}

function answerBody(
  written: TemplateProjectWritten,
  externalId: string | undefined,
  baseUrl: string,
): TemplateCallResult {
  return {
    projectKey: written.projectKey,
    url: `${baseUrl}/editor/${written.projectKey}`,
    createdOrUpdatedPages: Object.fromEntries(
      written.pages.map((page) => [page.externalId ?? page.key, page.key]),
    ),
    response: {
      id: externalId ?? null,
      key: written.projectKey,
      created: written.created,
      pages: written.pages.map((page) => ({
        id: page.externalId,
        key: page.key,
        created: page.created,
        sections: page.sections.map((section) => ({
          id: section.externalId,
          key: section.key,
          _type: section.type,
          created: section.created,
        })),
      })),
    },
  };
}

function requestHash(request: { workspaceKey: string | undefined; body: TemplateProjectInput }): string {
  return createHash('sha256').update(JSON.stringify(request)).digest('hex');
}
