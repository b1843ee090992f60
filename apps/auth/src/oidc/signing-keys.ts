import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { type JWK } from 'oidc-provider';
import { type Prisma, type PrismaService } from '#folio/db';

const record = { model: 'SigningKeys', id: 'jwks' } as const;

/**
 * The provider's signing keys, generated on first start and kept in the database so every auth replica
 * signs with the same keys. RS256, because dynamically registered clients default to it.
 */
export async function loadSigningKeys(prisma: PrismaService): Promise<{ keys: JWK[] }> {
  const existing = await prisma.oidcRecord.findUnique({ where: { model_id: record } });
  if (existing) return existing.payload as unknown as { keys: JWK[] };
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwks = {
    keys: [{ ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' }],
  };
  // Two replicas starting together: the first insert wins and both read it back.
  await prisma.oidcRecord.createMany({
    data: [{ ...record, payload: jwks as unknown as Prisma.InputJsonValue }],
    skipDuplicates: true,
  });
  const stored = await prisma.oidcRecord.findUniqueOrThrow({ where: { model_id: record } });
  return stored.payload as unknown as { keys: JWK[] };
}
