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
import { JobProcessorRegistry } from './job-processor-registry.js';
import { BullJobQueue } from './bull-job-queue.js';
import { OutstandingWorkSweep } from './outstanding-work.js';

/**
 * A job whose worker died is taken up by another (or the restarted one) once its lock lapses: locks last
 * 10 s and are renewed while the job runs, and stalled jobs are looked for every 5 s.
 */
const lockDurationMs = 10_000;
const stalledIntervalMs = 5_000;
const maxStalledCount = 3;

/** The app's `config.jobs`, provided by JobsModule (which is given the config, unlike the other modules). */
export const jobsSettings = Symbol('jobsSettings');

/** Runs this process's job processors as BullMQ workers (`apps/worker`; one per job kind). */
@Injectable()
export class BullJobWorkers implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly workers: Worker[] = [];

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
  }

  /** Waits for running jobs to finish; waiting ones stay in Redis for the next worker. */
  // Before the shutdown hooks: running jobs still have their browser and database connections.
  async beforeApplicationShutdown(): Promise<void> {
    this.sweep.stop();
    await Promise.all(this.workers.map((worker) => worker.close()));
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
        connection: { url: this.settings.redisUrl! },
        prefix: this.settings.prefix,
        concurrency: processor.concurrency,
        lockDuration: lockDurationMs,
        stalledInterval: stalledIntervalMs,
        maxStalledCount,
      },
    );
    worker.on('failed', (job, error) => {
      this.logger.warn(`${name} job ${job?.id} failed (attempt ${job?.attemptsMade}): ${error.message}`);
    });
    worker.on('error', (error) => this.logger.error(`${name} worker: ${error.message}`));
    return worker;
  }
}
