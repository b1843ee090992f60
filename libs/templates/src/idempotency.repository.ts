import { Injectable } from '@nestjs/common';
import { asJson, isUniqueViolation, type Prisma, PrismaService } from '#folio/db';

/** One use of an `Idempotency-Key`: by one API key, on one route, for one request body. */
export interface IdempotencyClaim {
  apiKeyId: string;
  key: string;
  route: string;
  requestHash: string;
}

export interface StoredAnswer {
  route: string;
  requestHash: string;
  statusCode: number;
  body: unknown;
}

type TransactionClient = Prisma.TransactionClient;

@Injectable()
export class IdempotencyRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The answer first given under this key, if that was at `since` or later. */
  async find(apiKeyId: string, key: string, since: Date): Promise<StoredAnswer | null> {
    const record = await this.prisma.idempotencyRecord.findFirst({
      where: { apiKeyId, key, createdAt: { gte: since } },
      select: { route: true, requestHash: true, statusCode: true, response: true },
    });
    if (!record) return null;
    return {
      route: record.route,
      requestHash: record.requestHash,
      statusCode: record.statusCode,
      body: record.response,
    };
  }

  /**
   * Records the answer in the transaction that did the work, so the two commit together. The same API key's
   * records from before `expiredBefore` go first. A concurrent request under the same key makes this throw a
   * unique violation (`isIdempotencyRace`), rolling back the second request's work.
   */
  async save(
    tx: TransactionClient,
    claim: IdempotencyClaim,
    answer: { statusCode: number; body: object },
    expiredBefore: Date,
  ): Promise<void> {
    await tx.idempotencyRecord.deleteMany({
      where: { apiKeyId: claim.apiKeyId, createdAt: { lt: expiredBefore } },
    });
    const { statusCode, body } = answer;
    await tx.idempotencyRecord.create({ data: { ...claim, statusCode, response: asJson(body) } });
  }
}

export function isIdempotencyRace(error: unknown): boolean {
  return isUniqueViolation(error, 'apiKeyId');
}
