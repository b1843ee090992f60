import { newPublicKey } from '#folio/content';
import { type PrismaClient } from '#folio/db';
import { ApiKeyService, newApiKey, type Scope } from '#folio/identity';
import { type Services } from './factories.js';

/** A manual API key of the user with this email, made as the profile page would; returns its text. */
export async function createTestApiKey(
  prisma: PrismaClient,
  email: string,
  scopes: Scope[],
): Promise<string> {
  const user = await prisma.user.findUniqueOrThrow({ where: { email } });
  const fresh = newApiKey('sk');
  await prisma.apiKey.create({
    data: {
      key: newPublicKey(),
      userId: user.id,
      name: 'test',
      prefix: fresh.prefix,
      hash: fresh.hash,
      scopes,
      source: 'manual',
    },
  });
  return fresh.text;
}

/**
 * The key an OAuth grant hands its client (a connected app), issued as the token endpoint issues it, by
 * ApiKeyService; `text` is the access token.
 */
export async function newOAuthKey(
  app: Services,
  owner: { id: string },
  grant: { clientId: string; clientName: string; scopes: Scope[]; grantId?: string },
) {
  const { text } = newApiKey('at');
  const key = await app.get(ApiKeyService).issueForOAuth({
    userId: owner.id,
    grantId: `grant-of-${grant.clientId}`,
    ...grant,
    text,
  });
  return { key, text };
}
