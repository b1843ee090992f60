import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Client } from '@modelcontextprotocol/client';
import { hashApiKey } from '#folio/identity';
import { demoKeys, demoUsers, seedDemo } from '#folio/seed';
import {
  connectMcpClient,
  createMigratedTestDatabase,
  createTestApiKey,
  type MigratedTestDatabase,
  waitUntil,
} from '#folio/testing';
import { observeRevocation } from '../../bench/lib/revocation-scenario.js';
import { startTopology, type Topology } from '../../bench/lib/topology.js';

// Production's layout (docs/design.md §2) on one machine: an auth process, two api processes and two workers,
// each started from the build (`npm test` builds first), behind one base URL (the path-routing proxy).
// Processes share a database only on PostgreSQL, and workers take their jobs from Redis.
const redisUrl = process.env.REDIS_URL;
const password = 'multi-instance password';

/** A counter or gauge of an instance's `/metrics`, summed over the series whose labels include `labels`. */
async function metric(instanceUrl: string, name: string, labels = ''): Promise<number> {
  const text = await (await fetch(`${instanceUrl}/metrics`)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith(name) && line.includes(labels))
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}

const cacheHits = (url: string) => metric(url, 'folio_principal_cache_lookups_total', 'result="hit"');
const cacheTrusted = (url: string) => metric(url, 'folio_principal_cache_trusted');
const changesHeard = (url: string) => metric(url, 'folio_principal_cache_changes_total');

(redisUrl && process.env.DATABASE_URL ? describe : describe.skip)(
  'two api instances behind one base URL',
  () => {
    let database: MigratedTestDatabase;
    let topology: Topology;

    beforeAll(async () => {
      database = await createMigratedTestDatabase();
      const { config } = database;
      if (config.database.kind !== 'postgres') throw new Error('PostgreSQL expected');
      await seedDemo(database.prisma, {
        dataDir: config.dataDir,
        publicBaseUrl: config.publicBaseUrl,
        demoPassword: password,
      });
      topology = await startTopology({
        databaseUrl: config.database.url,
        redisUrl: redisUrl!,
        dataDir: config.dataDir,
        jobsPrefix: config.jobs.prefix,
        proxy: 'in-process',
      });
    }, 90_000);
    afterAll(async () => {
      await topology?.stop();
      await database?.dispose();
    });

    it('routes auth paths to auth and alternates the rest between the api instances', async () => {
      const served = [];
      for (let i = 0; i < 4; i++) {
        const response = await fetch(`${topology.baseUrl}/readyz`);
        expect(response.status).toBe(200);
        served.push(response.headers.get('x-folio-upstream'));
      }
      expect(served).toEqual(['api-1', 'api-2', 'api-1', 'api-2']);
      const metadata = await fetch(`${topology.baseUrl}/.well-known/oauth-authorization-server`);
      expect(metadata.headers.get('x-folio-upstream')).toBe('auth');
      expect(((await metadata.json()) as { issuer: string }).issuer).toBe(topology.baseUrl);
    });

    it('refuses a key revoked in the profile page on the very next request, on either api instance', async () => {
      const hitsBefore = await Promise.all(topology.apis.map((api) => cacheHits(api.url!)));
      const seen = await observeRevocation(topology, { email: demoUsers.owner.email, password });
      expect(seen.beforeRevoke).toEqual([
        { instance: 'api-1', status: 200 },
        { instance: 'api-2', status: 200 },
        { instance: 'api-1', status: 200 },
        { instance: 'api-2', status: 200 },
      ]);
      // Both instances held the key: its second use on each was answered from memory.
      const hitsAfter = await Promise.all(topology.apis.map((api) => cacheHits(api.url!)));
      hitsAfter.forEach((hits, i) => expect(hits).toBeGreaterThan(hitsBefore[i]));
      expect(seen.afterRevoke).toEqual([
        { instance: 'api-2', status: 401 },
        { instance: 'api-1', status: 401 },
      ]);
    });

    describe('with the second instance holding the key in memory', () => {
      let viewer: { id: string };
      let organization: { id: string };
      let second: Client;
      const secondUrl = () => topology.apis[1].url!;

      beforeAll(async () => {
        viewer = await database.prisma.user.findUniqueOrThrow({ where: { email: demoUsers.viewer.email } });
        organization = await database.prisma.account.findUniqueOrThrow({ where: { key: demoKeys.account } });
        const key = await createTestApiKey(database.prisma, demoUsers.viewer.email, [
          'list:project',
          'create:project',
        ]);
        second = await connectMcpClient(secondUrl(), { key });
      });
      afterAll(async () => {
        await second?.close();
      });

      const findInOrganization = () =>
        second.callTool({ name: 'find_projects', arguments: { accountKey: demoKeys.account, limit: 1 } });
      const createInOrganization = () =>
        second.callTool({
          name: 'create_project',
          arguments: { title: 'Made by the viewer', accountKey: demoKeys.account },
        });
      /** Uses the key on the second instance until an answer comes from memory, and returns that answer. */
      async function warm<T>(call: () => Promise<T>): Promise<T> {
        const hits = await cacheHits(secondUrl());
        let answer = await call();
        await waitUntil('an answer from memory on the second instance', async () => {
          answer = await call();
          return (await cacheHits(secondUrl())) > hits;
        });
        return answer;
      }
      const membership = () => ({ userId_accountId: { userId: viewer.id, accountId: organization.id } });
      /**
       * Writes a change as any process sharing the database would, and returns once the second instance
       * has heard it: PostgreSQL delivers the notification a fraction of a millisecond to a few
       * milliseconds after the commit, which a client's next request can outrun on a loaded machine.
       */
      async function changeElsewhere(write: () => Promise<unknown>): Promise<void> {
        const heard = await changesHeard(secondUrl());
        await write();
        await waitUntil(
          'the second instance to hear the change',
          async () => (await changesHeard(secondUrl())) > heard,
        );
      }

      it('narrows a role lowered elsewhere on the very next request', async () => {
        await changeElsewhere(() =>
          database.prisma.membership.update({ where: membership(), data: { role: 'editor' } }),
        );
        expect((await warm(createInOrganization)).isError).toBeFalsy();
        await changeElsewhere(() =>
          database.prisma.membership.update({ where: membership(), data: { role: 'viewer' } }),
        );
        expect((await createInOrganization()).isError).toBe(true);
        expect((await findInOrganization()).isError).toBeFalsy();
      });

      it('refuses an account to a member removed elsewhere on the very next request', async () => {
        expect((await warm(findInOrganization)).isError).toBeFalsy();
        await changeElsewhere(() => database.prisma.membership.delete({ where: membership() }));
        expect((await findInOrganization()).isError).toBe(true);
        await changeElsewhere(() =>
          database.prisma.membership.create({
            data: { userId: viewer.id, accountId: organization.id, role: 'viewer' },
          }),
        );
        expect((await findInOrganization()).isError).toBeFalsy();
      });

      it('stops trusting its memory while the change channel is lost, and trusts it again once back', async () => {
        const key = await createTestApiKey(database.prisma, demoUsers.viewer.email, ['list:project']);
        const client = await connectMcpClient(secondUrl(), { key });
        const list = () => client.listTools();
        await warm(list);
        await database.prisma.$executeRaw`
          SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE query = 'LISTEN "folio_principal"' AND datname = current_database()`;
        await waitUntil(
          'the lost channel to be noticed',
          async () => (await cacheTrusted(secondUrl())) === 0,
        );
        // Revoked while no instance hears changes: the second reads the key again and refuses it.
        await database.prisma.apiKey.updateMany({
          where: { hash: hashApiKey(key) },
          data: { revokedAt: new Date() },
        });
        await expect(list()).rejects.toThrow(/401|Unauthorized|invalid/i);
        await client.close();

        await waitUntil('the channel to be back', async () => (await cacheTrusted(secondUrl())) === 1);
        expect((await warm(findInOrganization)).isError).toBeFalsy();
      });
    });
  },
);
