import { newPublicKey } from '#folio/content';
import { type PrismaClient } from '#folio/db';
import { newApiKey, type Scope } from '#folio/identity';

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
