import { Injectable, Logger } from '@nestjs/common';
import { type JobName } from './job-names.js';
import { type JobProcessor } from './job-processor.js';
import { type JobQueue } from './job-queue.js';

/** How often owed work is queued again while the process runs (at start, too). */
const sweepIntervalMs = 2 * 60_000;

/**
 * Closes the gap between a database commit and its enqueue: a process that dies in between, a queue that
 * was unreachable, or a job that failed without recording its failure (the database was down) leaves work
 * owed. Queuing it again is harmless: a job already waiting or running is left alone, and processors skip
 * what is done.
 */
@Injectable()
export class OutstandingWorkSweep {
  private readonly logger = new Logger('Jobs');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private sweep: (() => void) | undefined;

  start(processors: Map<JobName, JobProcessor>, queue: JobQueue): void {
    this.sweep = () => {
      this.running ??= this.queueOwedWork(processors, queue).finally(() => (this.running = undefined));
    };
    this.sweep();
    this.timer = setInterval(this.sweep, sweepIntervalMs);
    this.timer.unref();
  }

  /**
   * Sweeps now, between the regular ones (e.g. when the queue's Redis is back), or right after the sweep
   * under way, which may have started too early to see the change. A no-op before start.
   */
  sweepNow(): void {
    if (this.running) void this.running.then(() => this.sweep?.());
    else this.sweep?.();
  }

  stop(): void {
    clearInterval(this.timer);
    this.sweep = undefined;
  }

  /** Resolves when no sweep is running. */
  async settled(): Promise<void> {
    await this.running;
  }

  private async queueOwedWork(processors: Map<JobName, JobProcessor>, queue: JobQueue): Promise<void> {
    for (const [name, processor] of processors) {
      try {
        const owed = (await processor.outstanding?.()) ?? [];
        if (owed.length) await queue.requeue(name, owed);
      } catch (error) {
        this.logger.warn(`Could not queue owed ${name} jobs again: ${(error as Error).message}`);
      }
    }
  }
}
