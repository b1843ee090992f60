import { BullModule } from '@nestjs/bullmq';
import { type DynamicModule, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { type AppConfig } from '#folio/config';
import { BullJobQueue } from './bull-job-queue.js';
import { BullJobWorkers, jobsSettings } from './bull-job-workers.js';
import { jobNames } from './job-names.js';
import { JobQueueDepthMetric } from './job-metrics.js';
import { JobProcessorRegistry } from './job-processor-registry.js';
import { JobQueue } from './job-queue.js';
import { InProcessJobQueue } from './in-process-job-queue.js';
import { OutstandingWorkSweep } from './outstanding-work.js';
import { producerConnection } from './redis-connection.js';
import { firstRetryDelay, firstRetryDelayMs, jobAttempts } from './retry-policy.js';

const day = 24 * 60 * 60;

/**
 * Queues for the whole app (global). With `REDIS_URL`: BullMQ, where `producer` apps only add jobs and
 * `worker` apps also process them. Without: the in-process runner, whatever the role.
 */
@Module({})
export class JobsModule {
  static forRoot(config: AppConfig, role: 'producer' | 'worker'): DynamicModule {
    const shared = [JobProcessorRegistry, OutstandingWorkSweep, JobQueueDepthMetric];
    const { redisUrl, prefix } = config.jobs;
    if (!redisUrl) {
      return {
        global: true,
        module: JobsModule,
        imports: [DiscoveryModule],
        providers: [
          ...shared,
          { provide: firstRetryDelay, useValue: firstRetryDelayMs },
          InProcessJobQueue,
          { provide: JobQueue, useExisting: InProcessJobQueue },
        ],
        exports: [JobQueue, InProcessJobQueue],
      };
    }
    return {
      global: true,
      module: JobsModule,
      imports: [
        DiscoveryModule,
        BullModule.forRoot({
          connection: producerConnection(redisUrl),
          prefix,
          defaultJobOptions: {
            attempts: jobAttempts,
            backoff: { type: 'exponential', delay: firstRetryDelayMs },
            removeOnComplete: { age: day, count: 10_000 },
            // Failed jobs stay on the dashboard for a month.
            removeOnFail: { age: 30 * day },
          },
        }),
        BullModule.registerQueue(...jobNames.map((name) => ({ name }))),
      ],
      providers: [
        ...shared,
        BullJobQueue,
        { provide: JobQueue, useExisting: BullJobQueue },
        { provide: jobsSettings, useValue: config.jobs },
        ...(role === 'worker' ? [BullJobWorkers] : []),
      ],
      exports: [JobQueue, BullJobQueue],
    };
  }
}
