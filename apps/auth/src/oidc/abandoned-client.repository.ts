import { Injectable } from '@nestjs/common';
import { PrismaService } from '#folio/db';

/**
 * Dynamically registered clients that never got anywhere. Connectors register a fresh client on every
 * (re)connect attempt; one that never led to a grant nor an access token (ApiKey) is of no use to anyone.
 */
@Injectable()
export class AbandonedClientRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Deletes the clients registered before `cutoff` that no grant and no API key (live or revoked) refers
   * to, with their registration access tokens; returns how many. One statement, so a client getting its
   * first grant meanwhile is kept.
   */
  async deleteRegisteredBefore(cutoff: Date): Promise<number> {
    const deleted = await this.prisma.$queryRaw<{ id: string }[]>`
      WITH abandoned AS (
        DELETE FROM "OidcRecord" c
        WHERE c.model = 'Client' AND c."createdAt" < ${cutoff}
          AND NOT EXISTS (
            SELECT 1 FROM "OidcRecord" g WHERE g.model = 'Grant' AND g.payload->>'clientId' = c.id)
          AND NOT EXISTS (SELECT 1 FROM "ApiKey" k WHERE k."oauthClientId" = c.id)
        RETURNING c.id
      ), registration_tokens AS (
        DELETE FROM "OidcRecord" t USING abandoned a
        WHERE t.model = 'RegistrationAccessToken' AND t.payload->>'clientId' = a.id
      )
      SELECT id FROM abandoned`;
    return deleted.length;
  }
}
