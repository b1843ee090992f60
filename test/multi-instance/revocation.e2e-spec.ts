import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { demoUsers, seedDemo } from '#folio/seed';
import { createMigratedTestDatabase, type MigratedTestDatabase } from '#folio/testing';
import { observeRevocation } from '../../bench/lib/revocation-scenario.js';
import { startTopology, type Topology } from '../../bench/lib/topology.js';

// Production's layout (docs/design.md §2) on one machine: an auth process, two api processes and two workers,
// each started from the build (`npm test` builds first), behind one base URL (the path-routing proxy).
// Processes share a database only on PostgreSQL, and workers take their jobs from Redis.
const redisUrl = process.env.REDIS_URL;
const password = 'multi-instance password';

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
      const seen = await observeRevocation(topology, { email: demoUsers.owner.email, password });
      expect(seen.beforeRevoke).toEqual([
        { instance: 'api-1', status: 200 },
        { instance: 'api-2', status: 200 },
      ]);
      expect(seen.afterRevoke).toEqual([
        { instance: 'api-2', status: 401 },
        { instance: 'api-1', status: 401 },
      ]);
    });
  },
);
