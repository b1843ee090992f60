import { Injectable } from '@nestjs/common';
import { AuditLog } from '#folio/audit';
import { type TemplateSchema } from '#folio/content';
import { asJson, PrismaService } from '#folio/db';

export interface TemplateRecord {
  id: string;
  key: string;
  accountId: string;
  accountKey: string;
  title: string;
  description: string;
  published: boolean;
  /** As stored: parse it with `templateSchemaSchema` before use. */
  schema: unknown;
  updatedAt: Date;
}

export interface NewTemplateRecord {
  key: string;
  accountId: string;
  title: string;
  description: string;
  published: boolean;
  schema: TemplateSchema;
  sourceProjectId: string;
}

@Injectable()
export class TemplateRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditLog,
  ) {}

  async findByKey(key: string): Promise<TemplateRecord | null> {
    const row = await this.prisma.template.findUnique({
      where: { key },
      select: {
        id: true,
        key: true,
        accountId: true,
        account: { select: { key: true } },
        title: true,
        description: true,
        published: true,
        schema: true,
        updatedAt: true,
      },
    });
    if (!row) return null;
    const { account, ...template } = row;
    return { ...template, accountKey: account.key };
  }

  /** Creates the template and its `template.created` event, together. */
  async create(template: NewTemplateRecord, actorUserId: string): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      await tx.template.create({ data: { ...template, schema: asJson(template.schema) } });
      await this.audit.record(
        {
          action: 'template.created',
          accountIds: [template.accountId],
          actorUserId,
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
  }

  /** Sets whether the template can be used; a change is recorded as `template.updated` with it. */
  async setPublished(template: TemplateRecord, published: boolean, actorUserId: string): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      const { count } = await tx.template.updateMany({
        where: { id: template.id, published: !published },
        data: { published },
      });
      if (!count) return;
      await this.audit.record(
        {
          action: 'template.updated',
          accountIds: [template.accountId],
          actorUserId,
          target: { type: 'template', id: template.key },
          data: { title: template.title, published },
        },
        tx,
      );
    });
  }
}
