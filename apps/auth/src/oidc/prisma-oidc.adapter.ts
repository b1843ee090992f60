// oidc-provider storage on the OidcRecord table. Access tokens are Folio API keys (ApiKey rows).
import { createHash } from 'node:crypto';
import { type Adapter, type AdapterPayload, errors } from 'oidc-provider';
import { isUnstorableText, type Prisma, type PrismaService } from '#folio/db';
import { inputShapeProblems } from '#folio/http';
import { type ApiKeyService, type Scope, scopes as knownScopes } from '#folio/identity';

/**
 * Models whose ids are bearer secrets (tokens and codes): the row id is the sha-256 of the value and the
 * stored payload has no `jti` (the value itself); find() is always called with the value and restores it.
 */
const secretIdModels = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'RegistrationAccessToken',
  'ClientCredentials',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
]);

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * An id PostgreSQL cannot store names nothing: lookups answer "not found" instead of failing as a
 * database error (oidc-provider's own body and query parsers let NUL through).
 */
const storable = (id: string) => !isUnstorableText(id);

/** A payload PostgreSQL cannot store comes from the client's request: refused as that client's error. */
function refuseUnstorable(model: string, payload: AdapterPayload): void {
  const [problem] = inputShapeProblems(payload);
  if (!problem) return;
  const description = `${problem.path}: ${problem.message}`;
  throw model === 'Client'
    ? new errors.InvalidClientMetadata(description)
    : new errors.InvalidRequest(description);
}

export interface OidcStorage {
  prisma: PrismaService;
  apiKeys: ApiKeyService;
}

/** Builds the adapter class oidc-provider instantiates once per model name. */
export function prismaOidcAdapter({ prisma, apiKeys }: OidcStorage): new (model: string) => Adapter {
  return class PrismaOidcAdapter implements Adapter {
    constructor(private readonly model: string) {}

    private storedId(id: string): string {
      return secretIdModels.has(this.model) ? sha256(id) : id;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      refuseUnstorable(this.model, payload);
      const secret = secretIdModels.has(this.model);
      const stored = secret ? { ...payload, jti: undefined } : payload;
      const data = {
        payload: stored as Prisma.InputJsonValue,
        grantId: payload.grantId ?? null,
        uid: payload.uid ?? null,
        userCode: payload.userCode ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      const key = { model_id: { model: this.model, id: this.storedId(id) } };
      if (this.model !== 'AccessToken') {
        await prisma.oidcRecord.upsert({
          where: key,
          create: { model: this.model, id: key.model_id.id, ...data },
          update: data,
        });
        return;
      }
      // The token is the API key the client will send to /v2/mcp: record it before the token response.
      await prisma.oidcRecord.create({ data: { model: this.model, id: key.model_id.id, ...data } });
      await apiKeys.issueForOAuth({
        userId: String(payload.accountId),
        clientId: String(payload.clientId),
        grantId: String(payload.grantId),
        clientName: await clientName(prisma, String(payload.clientId)),
        text: id,
        scopes: String(payload.scope ?? '')
          .split(' ')
          .filter((s): s is Scope => (knownScopes as readonly string[]).includes(s)),
      });
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (!storable(id)) return undefined;
      const record = await prisma.oidcRecord.findUnique({
        where: { model_id: { model: this.model, id: this.storedId(id) } },
      });
      if (!record || (record.expiresAt && record.expiresAt < new Date())) return undefined;
      if (this.model === 'AccessToken' && !(await apiKeys.isLive(id))) return undefined;
      return {
        ...(record.payload as AdapterPayload),
        ...(secretIdModels.has(this.model) ? { jti: id } : {}),
        ...(record.consumedAt ? { consumed: true } : {}),
      };
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      if (!storable(uid)) return undefined;
      const record = await prisma.oidcRecord.findFirst({ where: { model: this.model, uid } });
      if (!record || (record.expiresAt && record.expiresAt < new Date())) return undefined;
      return { ...(record.payload as AdapterPayload), ...(record.consumedAt ? { consumed: true } : {}) };
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      if (!storable(userCode)) return undefined;
      const record = await prisma.oidcRecord.findFirst({ where: { model: this.model, userCode } });
      return record ? (record.payload as AdapterPayload) : undefined;
    }

    async consume(id: string): Promise<void> {
      if (!storable(id)) return;
      await prisma.oidcRecord.updateMany({
        where: { model: this.model, id: this.storedId(id) },
        data: { consumedAt: new Date() },
      });
    }

    async destroy(id: string): Promise<void> {
      if (!storable(id)) return;
      await prisma.oidcRecord.deleteMany({ where: { model: this.model, id: this.storedId(id) } });
      if (this.model === 'AccessToken') await apiKeys.revokeByText(id);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      if (!storable(grantId)) return;
      await prisma.oidcRecord.deleteMany({ where: { grantId } });
      await apiKeys.revokeGrant(grantId, null);
    }
  };
}

/** A registered client's name, or the host of a metadata-document (URL) client id. */
async function clientName(prisma: PrismaService, clientId: string): Promise<string> {
  const record = await prisma.oidcRecord.findUnique({
    where: { model_id: { model: 'Client', id: clientId } },
  });
  const name = (record?.payload as { client_name?: unknown } | undefined)?.client_name;
  if (typeof name === 'string' && name.trim()) return name.trim().slice(0, 100);
  return URL.parse(clientId)?.host ?? clientId;
}
