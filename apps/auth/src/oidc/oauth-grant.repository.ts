import { Injectable } from '@nestjs/common';
import { type Prisma } from '#folio/db';

/** oidc-provider's grants as rows of OidcRecord, for what Folio does to them outside the provider. */
@Injectable()
export class OAuthGrantRepository {
  /**
   * Deletes the person's grants of the client with the codes and tokens issued under them, in the
   * caller's transaction; returns how many grants there were.
   */
  async deleteOf(tx: Prisma.TransactionClient, userId: string, clientId: string): Promise<number> {
    const grants = await tx.oidcRecord.findMany({
      where: {
        model: 'Grant',
        AND: [
          { payload: { path: ['accountId'], equals: userId } },
          { payload: { path: ['clientId'], equals: clientId } },
        ],
      },
      select: { id: true },
    });
    const grantIds = grants.map((g) => g.id);
    await tx.oidcRecord.deleteMany({
      where: { OR: [{ model: 'Grant', id: { in: grantIds } }, { grantId: { in: grantIds } }] },
    });
    return grantIds.length;
  }
}
