import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { type AuditEntry, AuditLog } from '#folio/audit';
import { PrismaService } from '#folio/db';
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from '#folio/errors';
import { type Actor, projectAccess } from '#folio/identity';
import { normalizePagePath, PlacementResolver } from '#folio/projects';
import { checkTemplateBody } from './template-body-check.js';
import {
  type TemplatePageInput,
  type TemplateProjectInput,
  type TemplateSectionInput,
} from './template-body.js';
import { TemplateCatalog, type UsableTemplate } from './template-catalog.service.js';
import {
  ProjectChangedConcurrently,
  type TemplatePageWrite,
  TemplateProjectRepository,
  type TemplateProjectWritten,
  type TemplateSectionWrite,
} from './template-project.repository.js';
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

  async apply(
    actor: Actor,
    templateKey: string,
    body: TemplateProjectInput,
    options: TemplateCallOptions,
  ): Promise<TemplateCallAnswer> {
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
        return await this.write(actor, template, body, pinned, workspaceKey, options.baseUrl, claim);
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
    actor: Actor,
    template: UsableTemplate,
    body: TemplateProjectInput,
    pinned: Record<string, Record<string, unknown>>,
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
    const sectionTypes = new Map(template.schema.sectionTypes.map((type) => [type.type, type]));
    const plan = {
      templateId: template.id,
      accountId: template.accountId,
      existingProjectId: existing?.id ?? null,
      workspaceId,
      createdById: actor.userId,
      externalId: body.id ?? null,
      title: body.title,
      description: body.description,
      tags: body.tags,
      pages: (body.pages ?? []).map(pageWrite),
      pinnedValues: pinned,
      buildSection: (key: string, section: TemplateSectionWrite) =>
        buildTemplateSection(sectionTypes.get(section.type)!, key, section.values),
    };
    // The project, its audit event and the idempotency record commit together, or none of them.
    const written = await this.prisma.$transaction(
      async (tx) => {
        const result = await this.writes.write(tx, plan);
        await this.audit.record(projectWritten(actor, template, body, result), tx);
        if (claim) {
          await this.idempotency.save(tx, claim, statusOf(result), answerBody(result, body.id, baseUrl));
        }
        return result;
      },
      { timeout: 30_000 },
    );
    return { statusCode: statusOf(written), body: answerBody(written, body.id, baseUrl), replayed: false };
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
    const stored = await this.idempotency.find(claim.apiKeyId, claim.key);
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
