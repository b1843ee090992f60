import { DiscoveryService } from '@nestjs/core';
import { type JobContext, type JobName, type JobPayloads, type JobRequest } from './job-names.js';

/** Does one kind of job. Implementations are providers marked with `@JobProcessorFor(name)`. */
export interface JobProcessor<N extends JobName = JobName> {
  /** Jobs of this kind one process runs at once. */
  readonly concurrency: number;
  /** Must be idempotent: a retry, or a run after a crash, may follow work that was half done. */
  process(data: JobPayloads[N], context: JobContext): Promise<void>;
  /**
   * Work recorded as owed but perhaps never queued (the process died between its commit and the enqueue,
   * or the queue was unreachable). Queued again at start and every few minutes; ids make that harmless.
   */
  outstanding?(): Promise<JobRequest<N>[]>;
}

/** Marks a provider as the processor of one job kind; the queues find it through Nest's discovery. */
export const JobProcessorFor = DiscoveryService.createDecorator<JobName>();
