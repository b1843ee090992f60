import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { Injectable, type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { loadConfig } from '#folio/config';
import { metricsRegistry } from '#folio/metrics';
import { type JobContext, type JobPayloads } from './job-names.js';
import { type JobProcessor, JobProcessorFor } from './job-processor.js';
import { InProcessJobQueue } from './in-process-job-queue.js';
import { JobQueue } from './job-queue.js';
import { JobsModule } from './jobs.module.js';
import { OutstandingWorkSweep } from './outstanding-work.js';
import { firstRetryDelay, firstRetryDelayMs, retryDelayMs } from './retry-policy.js';
import { waitUntil } from '#folio/testing';

/** Records every run; fails the first `failures` runs of each library, or every run of "always-fails". */
@Injectable()
@JobProcessorFor('library-analysis')
class RecordingProcessor implements JobProcessor<'library-analysis'> {
  readonly concurrency = 2;
  readonly runs: { libraryId: string; attempt: number; isLastAttempt: boolean }[] = [];
  failures = 0;
  owed: string[] = [];
  gate: Promise<void> = Promise.resolve();
  running = 0;
  maxRunning = 0;

  async process({ libraryId }: JobPayloads['library-analysis'], context: JobContext): Promise<void> {
    this.runs.push({ libraryId, attempt: context.attempt, isLastAttempt: context.isLastAttempt });
    this.running++;
    this.maxRunning = Math.max(this.maxRunning, this.running);
    try {
      await this.gate;
      const failedRuns = this.runs.filter((run) => run.libraryId === libraryId).length;
      if (libraryId === 'always-fails' || failedRuns <= this.failures)
        throw new Error(`no luck for ${libraryId}`);
    } finally {
      this.running--;
    }
  }

  outstanding() {
    return Promise.resolve(this.owed.map((libraryId) => ({ id: libraryId, data: { libraryId } })));
  }
}

const config = loadConfig({ LOG_LEVEL: 'silent' }, { seedDemo: false });
let app: INestApplicationContext | undefined;

async function start(setup: (processor: RecordingProcessor) => void = () => {}) {
  const moduleRef = await Test.createTestingModule({
    imports: [JobsModule.forRoot(config, 'producer')],
    providers: [RecordingProcessor],
  }).compile();
  setup(moduleRef.get(RecordingProcessor));
  app = await moduleRef.init();
  return {
    queue: app.get(JobQueue),
    runner: app.get(InProcessJobQueue),
    processor: app.get(RecordingProcessor),
  };
}

const job = (libraryId: string) => ({ id: libraryId, data: { libraryId } });

afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('in-process jobs (no Redis)', () => {
  it('runs each piece of work once however often it is queued', async () => {
    const { queue, runner, processor } = await start();
    await queue.add('library-analysis', [job('a'), job('b'), job('a')]);
    await queue.add('library-analysis', [job('b')]);
    await runner.idle();
    await queue.add('library-analysis', [job('a')]);
    await runner.idle();
    expect(processor.runs.map((run) => run.libraryId).sort()).toEqual(['a', 'b']);
    const [overview] = (await queue.overview()).filter((queue) => queue.name === 'library-analysis');
    expect(overview?.counts).toMatchObject({ completed: 2, failed: 0, waiting: 0, active: 0 });
  });

  it('keeps to the processor concurrency', async () => {
    let open!: () => void;
    const { queue, runner, processor } = await start(
      (p) => (p.gate = new Promise((resolve) => (open = resolve))),
    );
    // Queuing starts what the concurrency allows at once.
    await queue.add('library-analysis', ['a', 'b', 'c', 'd', 'e'].map(job));
    expect(processor.running).toBe(2);
    open();
    await runner.idle();
    expect(processor.maxRunning).toBe(2);
    expect(processor.runs).toHaveLength(5);
  });

  it('retries a failed job after a backoff and tells the processor which run is the last', async () => {
    const { queue, runner, processor } = await start((p) => (p.failures = 1));
    jest.useFakeTimers();
    try {
      await queue.add('library-analysis', [job('flaky')]);
      // The first retry waits 2 s.
      expect(retryDelayMs(1)).toBe(firstRetryDelayMs);
      await jest.advanceTimersByTimeAsync(firstRetryDelayMs - 1);
      expect(processor.runs).toHaveLength(1);
      await jest.advanceTimersByTimeAsync(1);
      await runner.idle();
    } finally {
      jest.useRealTimers();
    }
    expect(processor.runs).toEqual([
      { libraryId: 'flaky', attempt: 1, isLastAttempt: false },
      { libraryId: 'flaky', attempt: 2, isLastAttempt: false },
    ]);
  });

  it('runs finished work again when it is requeued as still owed, but not work in hand', async () => {
    const { queue, runner, processor } = await start();
    await queue.add('library-analysis', [job('owed')]);
    await runner.idle();
    await queue.requeue('library-analysis', [job('owed'), job('owed')]);
    await runner.idle();
    expect(processor.runs.map((run) => run.libraryId)).toEqual(['owed', 'owed']);
  });

  it('queues owed work at start', async () => {
    const { runner, processor } = await start((p) => (p.owed = ['owed-1', 'owed-2']));
    await runner.idle();
    expect(processor.runs.map((run) => run.libraryId).sort()).toEqual(['owed-1', 'owed-2']);
  });

  it('lets running jobs finish on shutdown and drops nothing it had started', async () => {
    let open!: () => void;
    const { queue, processor } = await start((p) => (p.gate = new Promise((resolve) => (open = resolve))));
    await queue.add('library-analysis', [job('slow')]);
    expect(processor.running).toBe(1);
    // The runner stops sweeping first thing on shutdown, then waits for what runs.
    const stop = jest.spyOn(app!.get(OutstandingWorkSweep), 'stop');
    let closed = false;
    const closing = app!.close().then(() => (closed = true));
    app = undefined;
    await waitUntil('shutdown to begin', () => stop.mock.calls.length > 0);
    expect({ closed, running: processor.running }).toEqual({ closed: false, running: 1 });
    open();
    await closing;
    expect(processor.running).toBe(0);
    expect(processor.runs).toHaveLength(1);
  });
});

async function failedRuns(): Promise<number> {
  const metrics = await metricsRegistry.metrics();
  return Number(/^folio_job_failures_total\{queue="library-analysis"\} (\d+)$/m.exec(metrics)?.[1]);
}

describe('in-process jobs out of attempts', () => {
  it('stay visible as failed, with the error and the number of runs', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [JobsModule.forRoot(config, 'producer')],
      providers: [RecordingProcessor],
    })
      .overrideProvider(firstRetryDelay)
      .useValue(5)
      .compile();
    app = await moduleRef.init();
    const queue = app.get(InProcessJobQueue);
    const failuresBefore = await failedRuns();
    await queue.add('library-analysis', [job('always-fails')]);
    await queue.idle();
    expect(app.get(RecordingProcessor).runs.map((run) => run.isLastAttempt)).toEqual([
      false,
      false,
      false,
      false,
      true,
    ]);
    const [overview] = (await queue.overview()).filter((q) => q.name === 'library-analysis');
    expect(overview?.counts.failed).toBe(1);
    expect(overview?.failed).toEqual([
      expect.objectContaining({ id: 'always-fails', attempts: 5, error: 'no luck for always-fails' }),
    ]);
    // /metrics: each failed run counted; the one failed job in the queue depth.
    expect((await failedRuns()) - failuresBefore).toBe(5);
    expect(await metricsRegistry.metrics()).toContain(
      'folio_job_queue_depth{queue="library-analysis",state="failed"} 1',
    );
  });
});
