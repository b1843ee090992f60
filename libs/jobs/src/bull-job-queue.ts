import { getQueueToken } from '@nestjs/bullmq';
import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { type Queue } from 'bullmq';
import { type JobName, jobNames, type JobRequest } from './job-names.js';
import { JobQueue, type QueueOverview } from './job-queue.js';
import { throttledRedisErrors } from './redis-connection.js';

/** How long a call waits for a queue's first connection (just after start) before it fails. */
const firstConnectionWaitMs = 2_000;

/** The part of a queue's Redis client this class uses. */
interface RedisClientState {
  status: string;
  on(event: 'ready', listener: () => void): unknown;
  disconnect(): void;
}

/** BullMQ queues on Redis: producers add here, `apps/worker` processes. */
@Injectable()
export class BullJobQueue extends JobQueue implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private byName = new Map<JobName, Queue>();
  /** Each queue's Redis client, resolved once it first connected (never, while Redis is away). */
  private readonly clients = new Map<JobName, Promise<RedisClientState | undefined>>();
  private readonly connectedClients = new Set<RedisClientState>();
  private readonly connectListeners: (() => void)[] = [];

  constructor(private readonly moduleRef: ModuleRef) {
    super();
  }

  onModuleInit(): void {
    this.byName = new Map(
      jobNames.map((name) => [name, this.moduleRef.get<Queue>(getQueueToken(name), { strict: false })]),
    );
    const logError = throttledRedisErrors(this.logger, 'job queues');
    for (const [name, queue] of this.byName) {
      queue.on('error', logError);
      const connected = queue.getBackend().client.then(
        (client: RedisClientState) => {
          this.connectedClients.add(client);
          this.notifyConnected();
          client.on('ready', () => this.notifyConnected());
          return client;
        },
        () => undefined,
      );
      this.clients.set(name, connected);
    }
  }

  /**
   * Stops the queue connections left reconnecting while Redis is away: BullMQ closes connected ones, but
   * its close fails on these, and they would keep the process alive.
   */
  onApplicationShutdown(): void {
    for (const client of this.connectedClients) {
      if (client.status !== 'ready' && client.status !== 'end') client.disconnect();
    }
  }

  /** Calls `listener` each time a queue's connection becomes ready: late at start, or back after an outage. */
  onConnected(listener: () => void): void {
    this.connectListeners.push(listener);
  }

  private notifyConnected(): void {
    for (const listener of this.connectListeners) listener();
  }

  /** The BullMQ queues themselves (the admin dashboard shows them). */
  queues(): Queue[] {
    return [...this.byName.values()];
  }

  /**
   * The queue, when its Redis connection is up; otherwise this fails at once, or within 2 s just after
   * start (BullMQ itself would wait for a first connection indefinitely).
   */
  private async connected(name: JobName): Promise<Queue> {
    let timer: NodeJS.Timeout | undefined;
    const giveUp = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), firstConnectionWaitMs);
    });
    const client = await Promise.race([this.clients.get(name), giveUp]);
    clearTimeout(timer);
    if (client?.status !== 'ready') {
      throw new Error(`Redis is unreachable: the ${name} queue cannot be used now.`);
    }
    return this.byName.get(name)!;
  }

  async add<N extends JobName>(name: N, jobs: JobRequest<N>[]): Promise<void> {
    if (!jobs.length) return;
    const queue = await this.connected(name);
    await queue.addBulk(jobs.map((job) => ({ name, data: job.data, opts: { jobId: job.id } })));
  }

  async requeue<N extends JobName>(name: N, jobs: JobRequest<N>[]): Promise<void> {
    const queue = await this.connected(name);
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
      jobNames.map(async (name) => {
        const queue = await this.connected(name);
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
