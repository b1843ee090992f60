import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type BeforeApplicationShutdown,
} from '@nestjs/common';
import { type Job, Worker } from 'bullmq';
import { type AppConfig } from '#folio/config';
import { type JobName } from './job-names.js';
import { type JobProcessor } from './job-processor.js';
import { recordJobFailure } from './job-metrics.js';
import { JobProcessorRegistry } from './job-processor-registry.js';
import { BullJobQueue } from './bull-job-queue.js';
import { OutstandingWorkSweep } from './outstanding-work.js';
import { throttledRedisErrors, workerConnection } from './redis-connection.js';

/**
 * A job whose worker died is taken up by another (or the restarted one) once its lock lapses: locks last
 * 10 s and are renewed while the job runs, and stalled jobs are looked for every 5 s.
 */
const lockDurationMs = 10_000;
const stalledIntervalMs = 5_000;
const maxStalledCount = 3;
/** How long shutdown waits for running jobs, as the in-process runner does. */
const shutdownGraceMs = 20_000;

/** The app's `config.jobs`, provided by JobsModule (which is given the config, unlike the other modules). */
export const jobsSettings = Symbol('jobsSettings');

/** Runs this process's job processors as BullMQ workers (`apps/worker`; one per job kind). */
@Injectable()
export class BullJobWorkers implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly workers: Worker[] = [];
  /** Jobs taken and not yet recorded completed or failed in Redis, as `<queue>:<id>`. */
  private readonly activeJobs = new Set<string>();

  constructor(
    @Inject(jobsSettings) private readonly settings: AppConfig['jobs'],
    private readonly registry: JobProcessorRegistry,
    private readonly queue: BullJobQueue,
    private readonly sweep: OutstandingWorkSweep,
  ) {}

  onApplicationBootstrap(): void {
    const processors = this.registry.find();
    for (const [name, processor] of processors) this.workers.push(this.startWorker(name, processor));
    this.sweep.start(processors, this.queue);
    // Work owed while Redis was away (producers could not queue it) is queued as soon as it is back.
    this.queue.onConnected(() => this.sweep.sweepNow());
  }

  /**
   * Takes no more jobs, waits for the running ones to be recorded done (20 s at most), then closes. BullMQ's
   * own graceful close never returns while Redis is away, so the wait is ours and the close is forced: a
   * job still unfinished then is taken up by another worker once its lock lapses. Waiting jobs stay in
   * Redis for the next worker.
   */
  // Before the shutdown hooks: running jobs still have their browser and database connections.
  async beforeApplicationShutdown(): Promise<void> {
    this.sweep.stop();
    await Promise.all(this.workers.map((worker) => worker.pause(true)));
    const deadline = Date.now() + shutdownGraceMs;
    while (this.activeJobs.size && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (this.activeJobs.size) {
      this.logger.warn(`${this.activeJobs.size} job(s) still running after 20 s: closing anyway.`);
    }
    await Promise.all(this.workers.map((worker) => worker.close(true)));
  }

  private startWorker(name: JobName, processor: JobProcessor): Worker {
    const worker = new Worker(
      name,
      (job: Job) => {
        const attempt = job.attemptsMade + 1;
        return processor.process(job.data as never, {
          id: job.id ?? '',
          attempt,
          isLastAttempt: attempt >= (job.opts.attempts ?? 1),
        });
      },
      {
        connection: workerConnection(this.settings.redisUrl!),
        prefix: this.settings.prefix,
        concurrency: processor.concurrency,
        lockDuration: lockDurationMs,
        stalledInterval: stalledIntervalMs,
        maxStalledCount,
      },
    );
    worker.on('active', (job) => this.activeJobs.add(`${name}:${job.id}`));
    worker.on('completed', (job) => this.activeJobs.delete(`${name}:${job.id}`));
    worker.on('failed', (job, error) => {
      if (job) this.activeJobs.delete(`${name}:${job.id}`);
      recordJobFailure(name);
      this.logger.warn(`${name} job ${job?.id} failed (attempt ${job?.attemptsMade}): ${error.message}`);
    });
    worker.on('error', throttledRedisErrors(this.logger, `${name} worker`));
    return worker;
  }
}
