import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type BeforeApplicationShutdown,
} from '@nestjs/common';
import { type JobName, jobNames, type JobRequest } from './job-names.js';
import { type JobProcessor } from './job-processor.js';
import { recordJobFailure } from './job-metrics.js';
import { JobProcessorRegistry } from './job-processor-registry.js';
import { type FailedJob, type JobCounts, JobQueue, type QueueOverview } from './job-queue.js';
import { OutstandingWorkSweep } from './outstanding-work.js';
import { firstRetryDelay, jobAttempts, retryDelayMs } from './retry-policy.js';

/** Ids of finished jobs remembered per queue, so a duplicate enqueue soon after does nothing. */
const rememberedDoneIds = 10_000;
const keptFailures = 50;
/** How long shutdown waits for running jobs; what is left is owed work the next start queues again. */
const shutdownGraceMs = 20_000;

interface QueuedJob {
  id: string;
  data: unknown;
  attempt: number;
}

/** One job kind's queue: waiting jobs, the ones running, and what happened to the rest. */
class Lane {
  readonly waiting: QueuedJob[] = [];
  readonly running = new Map<string, Promise<void>>();
  readonly delayed = new Map<string, NodeJS.Timeout>();
  readonly done = new Set<string>();
  readonly failed: FailedJob[] = [];
  completedCount = 0;
  orphanReported = false;
  failedCount = 0;

  constructor(
    readonly name: JobName,
    readonly processor: JobProcessor | undefined,
  ) {}

  knows(id: string): boolean {
    return (
      this.done.has(id) ||
      this.running.has(id) ||
      this.delayed.has(id) ||
      this.waiting.some((job) => job.id === id)
    );
  }

  counts(): JobCounts {
    return {
      waiting: this.waiting.length,
      active: this.running.size,
      delayed: this.delayed.size,
      completed: this.completedCount,
      failed: this.failedCount,
    };
  }
}

/**
 * The embedded default (no Redis): the same processors, run inside this process with the same retry
 * policy and id-based deduplication as BullMQ. Jobs live in memory; what a crash loses is recovered from
 * the processors' owed work at the next start.
 */
@Injectable()
export class InProcessJobQueue extends JobQueue implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly lanes = new Map<JobName, Lane>();
  private started = false;
  private stopping = false;

  constructor(
    private readonly registry: JobProcessorRegistry,
    private readonly sweep: OutstandingWorkSweep,
    @Inject(firstRetryDelay) private readonly firstRetryDelayMs: number,
  ) {
    super();
    for (const name of jobNames) this.lanes.set(name, new Lane(name, undefined));
  }

  onApplicationBootstrap(): void {
    const processors = this.registry.find();
    for (const name of jobNames) {
      const lane = new Lane(name, processors.get(name));
      lane.waiting.push(...this.lane(name).waiting);
      this.lanes.set(name, lane);
    }
    this.started = true;
    for (const lane of this.lanes.values()) this.pump(lane);
    this.sweep.start(processors, this);
  }

  // Before the shutdown hooks: running jobs still have their browser and database connections.
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    this.sweep.stop();
    const running: Promise<void>[] = [];
    for (const lane of this.lanes.values()) {
      for (const timer of lane.delayed.values()) clearTimeout(timer);
      lane.delayed.clear();
      lane.waiting.length = 0;
      running.push(...lane.running.values());
    }
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, shutdownGraceMs)));
    await Promise.race([Promise.allSettled(running), grace]);
    clearTimeout(timer);
  }

  add<N extends JobName>(name: N, jobs: JobRequest<N>[]): Promise<void> {
    if (this.stopping) return Promise.resolve();
    const lane = this.lane(name);
    for (const job of jobs) {
      if (!lane.knows(job.id)) lane.waiting.push({ id: job.id, data: job.data, attempt: 1 });
    }
    if (this.started) this.pump(lane);
    return Promise.resolve();
  }

  requeue<N extends JobName>(name: N, jobs: JobRequest<N>[]): Promise<void> {
    const lane = this.lane(name);
    for (const job of jobs) lane.done.delete(job.id);
    return this.add(name, jobs);
  }

  overview(): Promise<QueueOverview[]> {
    return Promise.resolve(
      [...this.lanes.values()].map((lane) => ({
        name: lane.name,
        counts: lane.counts(),
        failed: [...lane.failed],
      })),
    );
  }

  /** Resolves once nothing is being swept up, waiting, delayed or running (tests and benchmarks wait on it). */
  async idle(): Promise<void> {
    await this.sweep.settled();
    while (
      [...this.lanes.values()].some((lane) => lane.waiting.length || lane.running.size || lane.delayed.size)
    ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  private lane(name: JobName): Lane {
    const lane = this.lanes.get(name);
    if (!lane) throw new Error(`Unknown job kind ${name}.`);
    return lane;
  }

  private pump(lane: Lane): void {
    const { processor } = lane;
    if (!processor) {
      if (lane.waiting.length && !lane.orphanReported) {
        lane.orphanReported = true;
        this.logger.warn(`No processor for ${lane.name} jobs in this process: they wait.`);
      }
      return;
    }
    while (!this.stopping && lane.running.size < processor.concurrency && lane.waiting.length) {
      const job = lane.waiting.shift()!;
      const run = this.run(lane, processor, job).finally(() => {
        lane.running.delete(job.id);
        this.pump(lane);
      });
      lane.running.set(job.id, run);
    }
  }

  private async run(lane: Lane, processor: JobProcessor, job: QueuedJob): Promise<void> {
    const isLastAttempt = job.attempt >= jobAttempts;
    try {
      await processor.process(job.data as never, { id: job.id, attempt: job.attempt, isLastAttempt });
      lane.completedCount++;
      this.remember(lane, job.id);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (!this.stopping) recordJobFailure(lane.name);
      if (isLastAttempt || this.stopping) {
        if (!this.stopping) this.recordFailure(lane, job, message);
        return;
      }
      this.logger.warn(`${lane.name} job ${job.id} failed (attempt ${job.attempt}), retrying: ${message}`);
      const timer = setTimeout(
        () => {
          lane.delayed.delete(job.id);
          lane.waiting.push({ ...job, attempt: job.attempt + 1 });
          this.pump(lane);
        },
        retryDelayMs(job.attempt, this.firstRetryDelayMs),
      );
      timer.unref();
      lane.delayed.set(job.id, timer);
    }
  }

  private recordFailure(lane: Lane, job: QueuedJob, error: string): void {
    this.logger.error(`${lane.name} job ${job.id} failed after ${job.attempt} attempts: ${error}`);
    lane.failedCount++;
    lane.failed.unshift({
      queue: lane.name,
      id: job.id,
      data: job.data,
      attempts: job.attempt,
      error,
      failedAt: new Date(),
    });
    lane.failed.length = Math.min(lane.failed.length, keptFailures);
    this.remember(lane, job.id);
  }

  private remember(lane: Lane, id: string): void {
    lane.done.add(id);
    if (lane.done.size > rememberedDoneIds) lane.done.delete(lane.done.values().next().value!);
  }
}
