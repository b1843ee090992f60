import { Logger } from '@nestjs/common';
import { type JobName, type JobRequest } from './job-names.js';

export interface JobCounts {
  waiting: number;
  active: number;
  delayed: number;
  completed: number;
  failed: number;
}

export interface FailedJob {
  queue: JobName;
  id: string;
  data: unknown;
  attempts: number;
  error: string;
  failedAt: Date;
}

export interface QueueOverview {
  name: JobName;
  counts: JobCounts;
  /** Newest first, at most 50. */
  failed: FailedJob[];
}

/** Where producers put work: BullMQ on Redis, or the in-process runner. */
export abstract class JobQueue {
  /** Queues each job unless a job with its id is waiting, running, or finished (done or failed) recently. */
  abstract add<N extends JobName>(name: N, jobs: JobRequest<N>[]): Promise<void>;
  /**
   * Queues work the database still records as owed: like `add`, except that a job with the id that has
   * finished runs again (it failed for good, or ended without recording its work).
   */
  abstract requeue<N extends JobName>(name: N, jobs: JobRequest<N>[]): Promise<void>;
  abstract overview(): Promise<QueueOverview[]>;

  /**
   * `add` for work the database already records as owed (committed before this call): when it cannot
   * be queued now (Redis down), that is logged, not thrown, and the outstanding-work sweep queues it later.
   */
  async addOwed<N extends JobName>(name: N, jobs: JobRequest<N>[]): Promise<void> {
    if (!jobs.length) return;
    try {
      await this.add(name, jobs);
    } catch (error) {
      owedWorkLogger.warn(`${jobs.length} ${name} job(s) not queued yet, owed: ${(error as Error).message}`);
    }
  }
}

const owedWorkLogger = new Logger('JobQueue');
