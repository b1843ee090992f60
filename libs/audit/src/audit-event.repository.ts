import { Injectable } from '@nestjs/common';
import { type Prisma, PrismaService } from '#folio/db';

/** The client of a running transaction, or the service itself outside one. */
export type AuditWriter = Prisma.TransactionClient;

export interface AuditEventRow {
  accountId: string | null;
  actorUserId: string | null;
  action: string;
  targetType: string;
  targetId: string;
  data: Prisma.InputJsonObject;
}

export interface StoredAuditEvent {
  id: string;
  createdAt: Date;
  action: string;
  targetType: string | null;
  targetId: string | null;
  data: Prisma.JsonValue;
  actor: { name: string; email: string } | null;
}

@Injectable()
export class AuditEventRepository {
  constructor(private readonly prisma: PrismaService) {}

  async insert(rows: AuditEventRow[], writer: AuditWriter = this.prisma): Promise<void> {
    if (rows.length) await writer.auditEvent.createMany({ data: rows });
  }

  count(accountId: string): Promise<number> {
    return this.prisma.auditEvent.count({ where: { accountId } });
  }

  /** The account's events newest first (events of one transaction share a time; the later id wins). */
  page(accountId: string, skip: number, take: number): Promise<StoredAuditEvent[]> {
    return this.prisma.auditEvent.findMany({
      where: { accountId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip,
      take,
      select: {
        id: true,
        createdAt: true,
        action: true,
        targetType: true,
        targetId: true,
        data: true,
        actor: { select: { name: true, email: true } },
      },
    });
  }
}
