import { Injectable } from '@nestjs/common';
import { type TemplateSchema } from '#folio/content';
import { asJson, type Prisma, PrismaService } from '#folio/db';

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
  constructor(private readonly prisma: PrismaService) {}

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

  async create(tx: Prisma.TransactionClient, template: NewTemplateRecord): Promise<void> {
    await tx.template.create({ data: { ...template, schema: asJson(template.schema) } });
  }

  /** Sets whether the template can be used; false when it already was as asked. */
  async setPublished(tx: Prisma.TransactionClient, templateId: string, published: boolean): Promise<boolean> {
    const { count } = await tx.template.updateMany({
      where: { id: templateId, published: !published },
      data: { published },
    });
    return count > 0;
  }
}
