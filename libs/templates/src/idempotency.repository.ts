import { Injectable } from '@nestjs/common';
import { asJson, isUniqueViolation, type Prisma, PrismaService } from '#folio/db';

/** How long a key's first answer is replayed. */
export const idempotencyWindowMs = 24 * 60 * 60 * 1000;

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

  /** The answer first given under this key, within the replay window. */
  async find(apiKeyId: string, key: string): Promise<StoredAnswer | null> {
    const record = await this.prisma.idempotencyRecord.findUnique({
      where: { apiKeyId_key: { apiKeyId, key } },
      select: { route: true, requestHash: true, statusCode: true, response: true, createdAt: true },
    });
    if (!record || Date.now() - record.createdAt.getTime() > idempotencyWindowMs) return null;
    return {
      route: record.route,
      requestHash: record.requestHash,
      statusCode: record.statusCode,
      body: record.response,
    };
  }

  /**
   * Records the answer in the transaction that did the work, so the two commit together. Expired records of
   * the same API key go first. A concurrent request under the same key makes this throw a unique violation
   * (`isIdempotencyRace`), rolling back the second request's work.
   */
  async save(
    tx: TransactionClient,
    claim: IdempotencyClaim,
    statusCode: number,
    body: object,
  ): Promise<void> {
    await tx.idempotencyRecord.deleteMany({
      where: { apiKeyId: claim.apiKeyId, createdAt: { lt: new Date(Date.now() - idempotencyWindowMs) } },
    });
    await tx.idempotencyRecord.create({ data: { ...claim, statusCode, response: asJson(body) } });
  }
}

export function isIdempotencyRace(error: unknown): boolean {
  return isUniqueViolation(error, 'apiKeyId');
}
