import { getQueueToken } from '@nestjs/bullmq';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { type Queue } from 'bullmq';
import { type JobName, jobNames, type JobRequest } from './job-names.js';
import { JobQueue, type QueueOverview } from './job-queue.js';

/** A producer should not hang on a slow Redis; owed work is queued again by the workers' sweep. */
const addTimeoutMs = 5_000;
/** While Redis is away its client errors every few hundred ms: one log line per this long is enough. */
const errorLogIntervalMs = 30_000;

/** BullMQ queues on Redis: producers add here, `apps/worker` processes. */
@Injectable()
export class BullJobQueue extends JobQueue implements OnModuleInit {
  private readonly logger = new Logger('Jobs');
  private byName = new Map<JobName, Queue>();
  private lastErrorLoggedAt = 0;

  constructor(private readonly moduleRef: ModuleRef) {
    super();
  }

  onModuleInit(): void {
    this.byName = new Map(
      jobNames.map((name) => [name, this.moduleRef.get<Queue>(getQueueToken(name), { strict: false })]),
    );
    for (const queue of this.byName.values()) queue.on('error', (error) => this.logRedisError(error));
  }

  private logRedisError(error: Error): void {
    if (Date.now() - this.lastErrorLoggedAt < errorLogIntervalMs) return;
    this.lastErrorLoggedAt = Date.now();
    this.logger.warn(`Redis (job queues): ${error.message}`);
  }

  /** The BullMQ queues themselves (the admin dashboard shows them). */
  queues(): Queue[] {
    return [...this.byName.values()];
  }

  async add<N extends JobName>(name: N, jobs: JobRequest<N>[]): Promise<void> {
    if (!jobs.length) return;
    const queue = this.byName.get(name)!;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`Redis did not take the ${name} jobs within 5 s.`)),
        addTimeoutMs,
      );
    });
    try {
      await Promise.race([
        queue.addBulk(jobs.map((job) => ({ name, data: job.data, opts: { jobId: job.id } }))),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  async requeue<N extends JobName>(name: N, jobs: JobRequest<N>[]): Promise<void> {
    const queue = this.byName.get(name)!;
    const fresh: JobRequest<N>[] = [];
    for (const job of jobs) {
      const existing = await queue.getJob(job.id);
      if (!existing) {
        fresh.push(job);
        continue;
      }
      const state = await existing.getState();
      if (state === 'failed') await existing.retry('failed');
      else if (state === 'completed') {
        await existing.remove();
        fresh.push(job);
      }
    }
    await this.add(name, fresh);
  }

  async overview(): Promise<QueueOverview[]> {
    return Promise.all(
      [...this.byName].map(async ([name, queue]) => {
        const [counts, failed] = await Promise.all([
          queue.getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed'),
          queue.getFailed(0, 49),
        ]);
        return {
          name,
          counts: {
            waiting: counts.waiting ?? 0,
            active: counts.active ?? 0,
            delayed: counts.delayed ?? 0,
            completed: counts.completed ?? 0,
            failed: counts.failed ?? 0,
          },
          failed: failed.map((job) => ({
            queue: name,
            id: job.id ?? '',
            data: job.data as unknown,
            attempts: job.attemptsMade,
            error: job.failedReason,
            failedAt: new Date(job.finishedOn ?? job.timestamp),
          })),
        };
      }),
    );
  }
}
