import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from '@jest/globals';
import { Injectable, type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { loadConfig } from '#folio/config';
import { waitUntil } from '#folio/testing';
import { type JobContext, type JobPayloads } from './job-names.js';
import { type JobProcessor, JobProcessorFor } from './job-processor.js';
import { BullJobQueue } from './bull-job-queue.js';
import { JobQueue } from './job-queue.js';
import { JobsModule } from './jobs.module.js';

// BullMQ on the real Redis of REDIS_URL (CI's second run); skipped without one.
const redisUrl = process.env.REDIS_URL;
const describeWithRedis = redisUrl ? describe : describe.skip;

@Injectable()
@JobProcessorFor('library-analysis')
class RecordingProcessor implements JobProcessor<'library-analysis'> {
  readonly concurrency = 3;
  readonly runs: { libraryId: string; attempt: number }[] = [];

  async process({ libraryId }: JobPayloads['library-analysis'], { attempt }: JobContext): Promise<void> {
    this.runs.push({ libraryId, attempt });
    if (libraryId.startsWith('broken') || (libraryId.startsWith('flaky') && attempt === 1)) {
      throw new Error(`cannot analyse ${libraryId}`);
    }
  }
}

const apps: INestApplicationContext[] = [];

async function start(role: 'producer' | 'worker', prefix: string) {
  const config = loadConfig(
    { LOG_LEVEL: 'silent', REDIS_URL: redisUrl, JOBS_PREFIX: prefix },
    { seedDemo: false },
  );
  const moduleRef = await Test.createTestingModule({
    imports: [JobsModule.forRoot(config, role)],
    providers: role === 'worker' ? [RecordingProcessor] : [],
  }).compile();
  const app = await moduleRef.init();
  apps.push(app);
  return app;
}

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

describeWithRedis('BullMQ jobs (REDIS_URL)', () => {
  it('a producer queues, a worker process runs each piece of work once', async () => {
    const prefix = `folio-test-${randomBytes(6).toString('hex')}`;
    const producer = (await start('producer', prefix)).get(JobQueue);
    const job = (libraryId: string) => ({ id: libraryId, data: { libraryId } });
    await producer.add('library-analysis', [job('a'), job('b'), job('a')]);
    await producer.add('library-analysis', [job('b'), job('c')]);
    const worker = await start('worker', prefix);
    const processor = worker.get(RecordingProcessor);
    await waitUntil('three completed jobs', async () => {
      const [overview] = (await producer.overview()).filter((queue) => queue.name === 'library-analysis');
      return overview?.counts.completed === 3;
    });
    // Done work queued again is not run again: the worker takes jobs in order, so had `a` been queued, it
    // would have started before `d` completes.
    await producer.add('library-analysis', [job('a'), job('d')]);
    await waitUntil('d completed', async () => {
      const [overview] = (await producer.overview()).filter((queue) => queue.name === 'library-analysis');
      return overview?.counts.completed === 4;
    });
    expect(processor.runs.map((run) => run.libraryId).sort()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('retries with backoff, and a job out of attempts stays visible as failed', async () => {
    const prefix = `folio-test-${randomBytes(6).toString('hex')}`;
    const worker = await start('worker', prefix);
    const queue = worker.get(BullJobQueue);
    const processor = worker.get(RecordingProcessor);
    await queue.add('library-analysis', [{ id: 'flaky-1', data: { libraryId: 'flaky-1' } }]);
    // A job that may run once fails for good at once (the default five runs would take half a minute).
    const analysis = queue.queues().find((q) => q.name === 'library-analysis')!;
    await analysis.add('library-analysis', { libraryId: 'broken-1' }, { jobId: 'broken-1', attempts: 1 });
    await waitUntil('one completed and one failed job', async () => {
      const [overview] = (await queue.overview()).filter((q) => q.name === 'library-analysis');
      return overview?.counts.completed === 1 && overview.counts.failed === 1;
    });
    expect(processor.runs.filter((run) => run.libraryId === 'flaky-1').map((run) => run.attempt)).toEqual([
      1, 2,
    ]);
    const [overview] = (await queue.overview()).filter((q) => q.name === 'library-analysis');
    expect(overview?.failed).toEqual([
      expect.objectContaining({ id: 'broken-1', error: 'cannot analyse broken-1', attempts: 1 }),
    ]);

    // Work still owed (the database says so) runs again, though its job had failed for good.
    await queue.requeue('library-analysis', [{ id: 'broken-1', data: { libraryId: 'broken-1' } }]);
    await waitUntil('the failed job to run again', () => {
      return processor.runs.filter((run) => run.libraryId === 'broken-1').length === 2;
    });
  });
});
