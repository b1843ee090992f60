import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asJson, type PrismaService } from '#folio/db';
import { ApiKeyService, hashApiKey, IdentityModule } from '#folio/identity';
import { newOAuthKey, newUser, startTestModule, type TestModule } from '#folio/testing';
import { AbandonedClientRepository } from './abandoned-client.repository.js';

const hour = 60 * 60_000;

describe(AbandonedClientRepository.name, () => {
  let app: TestModule;
  let clients: AbandonedClientRepository;
  let userId: string;

  beforeAll(async () => {
    app = await startTestModule([IdentityModule]);
    clients = new AbandonedClientRepository(app.prisma as unknown as PrismaService);
    userId = (await newUser(app)).id;
  });
  afterAll(() => app?.close());

  /** A client as oidc-provider registers it (with its registration access token), `ageHours` ago. */
  async function registered(clientId: string, ageHours: number) {
    const createdAt = new Date(Date.now() - ageHours * hour);
    await app.prisma.oidcRecord.create({
      data: { model: 'Client', id: clientId, payload: asJson({ client_id: clientId }), createdAt },
    });
    await app.prisma.oidcRecord.create({
      data: {
        model: 'RegistrationAccessToken',
        id: hashApiKey(`rat-${clientId}`),
        payload: asJson({ clientId, kind: 'RegistrationAccessToken' }),
        createdAt,
      },
    });
  }

  const remaining = async () =>
    (
      await app.prisma.oidcRecord.findMany({
        where: { model: { in: ['Client', 'RegistrationAccessToken'] } },
      })
    )
      .map(
        (record) =>
          `${record.model}:${record.model === 'Client' ? record.id : String((record.payload as { clientId: string }).clientId)}`,
      )
      .sort();

  it('deletes clients older than the cutoff that never got a grant nor a key, with their registration tokens', async () => {
    await registered('abandoned', 25);
    await registered('fresh', 1);
    await registered('granted', 48);
    await app.prisma.oidcRecord.create({
      data: { model: 'Grant', id: 'grant-1', payload: asJson({ clientId: 'granted', accountId: userId }) },
    });
    // A token was issued, then the grant revoked: the key row stays (revoked), and so does the client.
    await registered('had-a-token', 48);
    const { key } = await newOAuthKey(
      app,
      { id: userId },
      {
        clientId: 'had-a-token',
        clientName: 'Connector',
        scopes: ['list:project'],
      },
    );
    await app.get(ApiKeyService).revokeGrant(key.oauthGrantId!, userId);

    expect(await clients.deleteRegisteredBefore(new Date(Date.now() - 24 * hour))).toBe(1);
    expect(await remaining()).toEqual([
      'Client:fresh',
      'Client:granted',
      'Client:had-a-token',
      'RegistrationAccessToken:fresh',
      'RegistrationAccessToken:granted',
      'RegistrationAccessToken:had-a-token',
    ]);
    expect(await clients.deleteRegisteredBefore(new Date(Date.now() - 24 * hour))).toBe(0);
  });
});
