import { Injectable } from '@nestjs/common';
import { AuditLog } from '#folio/audit';
import { newPublicKey, type TemplateSchema, templateSchemaSchema } from '#folio/content';
import { PrismaService } from '#folio/db';
import { ForbiddenError, InvalidInputError, NotFoundError } from '#folio/errors';
import { type Actor, projectAccess, visibleProjectScope } from '#folio/identity';
import { ProjectAccess, ProjectRepository } from '#folio/projects';
import { type TemplateFromProjectRequest, templateSchemaFromSections } from './template-from-project.js';
import { unstorableTextProblems } from './template-body-check.js';
import { templateBodyJsonSchema } from './template-json-schema.js';
import { type TemplateRecord, TemplateRepository } from './template.repository.js';

/** A published template the actor can reach, with its schema parsed. */
export interface UsableTemplate {
  id: string;
  key: string;
  accountId: string;
  accountKey: string;
  title: string;
  schema: TemplateSchema;
}

export interface NewTemplateRequest extends TemplateFromProjectRequest {
  /** The project whose sections become the prototypes. */
  projectKey: string;
  title: string;
  description?: string;
  /** Only published templates can be used; defaults to true. */
  published?: boolean;
}

export interface TemplateSummary {
  templateKey: string;
  title: string;
  published: boolean;
  sectionTypes: string[];
  pinned: string[];
}

const parsedSchemaCacheSize = 100;

/** Templates: which ones a caller can use, their body's JSON Schema, and new ones made from projects. */
@Injectable()
export class TemplateCatalog {
  /** Parsed schemas by template id and version: parsing a large prototype tree on every call is wasted work. */
  private readonly parsed = new Map<string, TemplateSchema>();

  constructor(
    private readonly templates: TemplateRepository,
    private readonly projects: ProjectRepository,
    private readonly access: ProjectAccess,
    private readonly audit: AuditLog,
    private readonly prisma: PrismaService,
  ) {}

  /**
   * The template, when it is published and in an account the actor can reach. Anything else — unknown,
   * unpublished, another tenant's — is the same NotFoundError.
   */
  async usable(actor: Actor, templateKey: string): Promise<UsableTemplate> {
    const record = await this.templates.findByKey(templateKey);
    if (!record || !record.published || !visibleProjectScope(actor).accountIds.includes(record.accountId)) {
      throw notFound(templateKey);
    }
    return {
      id: record.id,
      key: record.key,
      accountId: record.accountId,
      accountKey: record.accountKey,
      title: record.title,
      schema: this.schemaOf(record),
    };
  }

  /** The JSON Schema of a create-from-template body for this template. */
  async bodySchema(actor: Actor, templateKey: string, schemaUrl: string): Promise<object> {
    const template = await this.usable(actor, templateKey);
    return templateBodyJsonSchema(template, schemaUrl);
  }

  /** A template of the project's account, its section types and pinned items taken from marked sections. */
  async createFromProject(actor: Actor, request: NewTemplateRequest): Promise<TemplateSummary> {
    const unstorable = unstorableTextProblems(request, '');
    if (unstorable.length) throw new InvalidInputError(unstorable);
    const project = await this.access.findAccessible(actor, request.projectKey, 'edit');
    // A template is usable account-wide: making one needs edit access to the account, not only to a team's project.
    if (!editsAccount(actor, project.accountId)) {
      throw new ForbiddenError(
        `Templates belong to the whole account: your role there cannot make one from project ${request.projectKey}.`,
      );
    }
    const snapshot = await this.projects.snapshot(project.id);
    const { schema } = templateSchemaFromSections(
      request,
      snapshot.pages.flatMap((page) => page.sections),
    );
    const templateKey = newPublicKey();
    const published = request.published ?? true;
    const template = {
      key: templateKey,
      accountId: project.accountId,
      title: request.title,
      description: request.description ?? '',
      published,
      schema,
      sourceProjectId: project.id,
    };
    await this.prisma.$transaction(async (tx) => {
      await this.templates.create(tx, template);
      await this.audit.record(
        {
          action: 'template.created',
          accountIds: [template.accountId],
          actorUserId: actor.userId,
          target: { type: 'template', id: template.key },
          data: {
            title: template.title,
            published: template.published,
            sectionTypes: template.schema.sectionTypes.map((type) => type.type),
          },
        },
        tx,
      );
    });
    return summary(templateKey, request.title, published, schema);
  }

  /** Publishes or withdraws a template; needs edit access in its account. */
  async setPublished(actor: Actor, templateKey: string, published: boolean): Promise<TemplateSummary> {
    const record = await this.templates.findByKey(templateKey);
    if (!record || !editsAccount(actor, record.accountId)) throw notFound(templateKey);
    // Only a change is recorded as `template.updated`.
    await this.prisma.$transaction(async (tx) => {
      if (!(await this.templates.setPublished(tx, record.id, published))) return;
      await this.audit.record(
        {
          action: 'template.updated',
          accountIds: [record.accountId],
          actorUserId: actor.userId,
          target: { type: 'template', id: record.key },
          data: { title: record.title, published },
        },
        tx,
      );
    });
    return summary(record.key, record.title, published, this.schemaOf(record));
  }

  private schemaOf(record: TemplateRecord): TemplateSchema {
    const cacheKey = `${record.id}@${record.updatedAt.toISOString()}`;
    let schema = this.parsed.get(cacheKey);
    if (!schema) {
      schema = templateSchemaSchema.parse(record.schema);
      if (this.parsed.size >= parsedSchemaCacheSize) this.parsed.delete(this.parsed.keys().next().value!);
      this.parsed.set(cacheKey, schema);
    }
    return schema;
  }
}

/** Templates are the account's: changing them needs edit access to the account itself, not to one team. */
function editsAccount(actor: Actor, accountId: string): boolean {
  return projectAccess(actor, { accountId, teamId: null }) === 'edit';
}

function notFound(templateKey: string): NotFoundError {
  return new NotFoundError(`No published template ${templateKey} is visible to you.`);
}

function summary(
  templateKey: string,
  title: string,
  published: boolean,
  schema: TemplateSchema,
): TemplateSummary {
  return {
    templateKey,
    title,
    published,
    sectionTypes: schema.sectionTypes.map((type) => type.type),
    pinned: schema.pinned.map((item) => item.id),
  };
}
