import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { Injectable, type INestApplicationContext, Logger } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Redis } from 'ioredis';
import { loadConfig } from '#folio/config';
import { freePort, waitUntil } from '#folio/testing';
import { type JobPayloads, type JobRequest } from './job-names.js';
import { type JobProcessor, JobProcessorFor } from './job-processor.js';
import { JobQueue } from './job-queue.js';
import { JobsModule } from './jobs.module.js';

// Redis going away under BullMQ: producers fail fast (the work stays owed), and once Redis is back the
// workers queue the owed work again at once. Runs a redis-server of its own, started and stopped here.
const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

/** The work "the database" owes: what the processor's outstanding() reports until a run does it. */
const owed = new Set<string>();

@Injectable()
@JobProcessorFor('library-analysis')
class OwedWorkProcessor implements JobProcessor<'library-analysis'> {
  readonly concurrency = 2;
  readonly done: string[] = [];

  process({ libraryId }: JobPayloads['library-analysis']): Promise<void> {
    this.done.push(libraryId);
    owed.delete(libraryId);
    return Promise.resolve();
  }

  outstanding(): Promise<JobRequest<'library-analysis'>[]> {
    return Promise.resolve([...owed].map((libraryId) => ({ id: libraryId, data: { libraryId } })));
  }
}

/** A throwaway redis-server without persistence: stopping it loses every queued job, as a crash would. */
async function startRedis(port: number): Promise<ChildProcess> {
  const server = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const client = new Redis(port, '127.0.0.1', { lazyConnect: true, retryStrategy: () => null });
  client.on('error', () => {});
  await waitUntil('redis-server to answer', async () => {
    try {
      if (client.status !== 'ready') await client.connect();
      return (await client.ping()) === 'PONG';
    } catch {
      return false;
    }
  });
  client.disconnect();
  return server;
}

async function stopRedis(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGKILL');
  await exited;
}

const apps: INestApplicationContext[] = [];
const servers: ChildProcess[] = [];

async function start(role: 'producer' | 'worker', redisUrl: string, prefix: string) {
  const config = loadConfig(
    { LOG_LEVEL: 'silent', REDIS_URL: redisUrl, JOBS_PREFIX: prefix },
    { seedDemo: false },
  );
  const moduleRef = await Test.createTestingModule({
    imports: [JobsModule.forRoot(config, role)],
    providers: role === 'worker' ? [OwedWorkProcessor] : [],
  }).compile();
  const app = await moduleRef.init();
  apps.push(app);
  return app;
}

/** Milliseconds `work` took. */
async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = Date.now();
  await work();
  return Date.now() - started;
}

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
  await Promise.all(servers.splice(0).map(stopRedis));
  owed.clear();
});

(hasRedisServer ? describe : describe.skip)('BullMQ queues while Redis is away', () => {
  const job = (libraryId: string) => ({ id: libraryId, data: { libraryId } });
  const prefix = () => `folio-test-${randomBytes(6).toString('hex')}`;

  it('a producer whose Redis refuses connections fails fast and logs the work as owed', async () => {
    const refused = `redis://127.0.0.1:${await freePort()}`;
    const queue = (await start('producer', refused, prefix())).get(JobQueue);
    const warned = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => {});
    try {
      // Never connected: a bounded wait for the first connection (2 s), then an error.
      expect(await timed(() => queue.addOwed('library-analysis', [job('a')]))).toBeLessThan(3_000);
      expect(warned).toHaveBeenCalledWith(
        expect.stringContaining('1 library-analysis job(s) not queued yet'),
      );
      await expect(queue.add('library-analysis', [job('b')])).rejects.toThrow(/Redis is unreachable/);
      await expect(queue.overview()).rejects.toThrow(/Redis is unreachable/);
    } finally {
      warned.mockRestore();
    }
  });

  it('loses no owed work across an outage: producers fail at once, workers queue it when Redis is back', async () => {
    const port = await freePort();
    const url = `redis://127.0.0.1:${port}`;
    servers.push(await startRedis(port));
    const queues = prefix();
    const producer = (await start('producer', url, queues)).get(JobQueue);
    const worker = await start('worker', url, queues);
    const processor = worker.get(OwedWorkProcessor);

    owed.add('before');
    await producer.addOwed('library-analysis', [job('before')]);
    await waitUntil('the job queued before the outage to run', () => processor.done.includes('before'));

    await stopRedis(servers.pop()!);
    const warned = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => {});
    try {
      // Saved during the outage: owed in the database, not queued; the save does not wait on Redis.
      owed.add('during');
      expect(await timed(() => producer.addOwed('library-analysis', [job('during')]))).toBeLessThan(500);
      await expect(producer.add('library-analysis', [job('other')])).rejects.toThrow();
    } finally {
      warned.mockRestore();
    }

    // Redis is back, empty (no persistence): the worker's reconnection sweeps the owed work up at once,
    // long before the regular two-minute sweep.
    servers.push(await startRedis(port));
    await waitUntil('the work owed during the outage to run', () => processor.done.includes('during'), {
      timeoutMs: 15_000,
    });
    // Runs are at least once (a sweep may requeue work a run is just finishing): what matters is none missing.
    expect([...new Set(processor.done)].sort()).toEqual(['before', 'during']);
    expect(owed.size).toBe(0);

    // And producers queue again without a restart, once their own connection is back (its reconnect
    // back-off is at most 2 s, and it may trail the worker's): until then an add fails at once.
    owed.add('after');
    await waitUntil(
      'the producer to queue again',
      () =>
        producer.add('library-analysis', [job('after')]).then(
          () => true,
          () => false,
        ),
      { timeoutMs: 5_000, intervalMs: 200 },
    );
    await waitUntil('a job queued after the outage to run', () => processor.done.includes('after'));
  }, 60_000);
});
