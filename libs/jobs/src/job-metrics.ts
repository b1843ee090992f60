// Job figures for /metrics: failures counted where jobs run, queue depth read from the queues when scraped.
import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { Counter, Gauge } from 'prom-client';
import { metricsRegistry } from '#folio/metrics';
import { type JobName, jobNames } from './job-names.js';
import { type JobCounts, JobQueue } from './job-queue.js';

const failures = new Counter({
  name: 'folio_job_failures_total',
  help: 'Job runs that failed in this process, by queue (each failed attempt, retried or not).',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
});
for (const queue of jobNames) failures.inc({ queue }, 0);

export function recordJobFailure(queue: JobName): void {
  failures.inc({ queue });
}

const depthStates = ['waiting', 'active', 'delayed', 'failed'] as const satisfies (keyof JobCounts)[];

/** The queues the process's depth gauge reads: the one of the app started last (one per process in production). */
let measuredQueue: JobQueue | undefined;
const logger = new Logger('Jobs');

new Gauge({
  name: 'folio_job_queue_depth',
  help: 'Jobs per queue and state, read when scraped (with Redis: the whole installation, not this process).',
  labelNames: ['queue', 'state'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    if (!measuredQueue) return;
    try {
      for (const { name, counts } of await measuredQueue.overview()) {
        for (const state of depthStates) this.set({ queue: name, state }, counts[state]);
      }
    } catch (error) {
      // Redis away: no figures rather than stale ones; /readyz says why.
      logger.debug(`Queue depth not read: ${(error as Error).message}`);
    }
  },
});

/** Points the queue depth gauge at this app's queues while the app runs. */
@Injectable()
export class JobQueueDepthMetric implements OnModuleInit, OnModuleDestroy {
  constructor(private readonly queue: JobQueue) {}

  onModuleInit(): void {
    measuredQueue = this.queue;
  }

  onModuleDestroy(): void {
    if (measuredQueue === this.queue) measuredQueue = undefined;
  }
}
