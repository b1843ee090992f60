// The queue page without Redis: counts and failed jobs of the in-process runner, rendered on the server.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Injectable } from '@nestjs/common';
import { Eta } from 'eta';
import type { Response } from 'express';
import { type Actor } from '#folio/identity';
import { type FailedJob, type JobCounts, JobQueue, type QueueOverview } from '#folio/jobs';
import { fmt, ViewRenderer } from '#folio/page-kit';

const here = dirname(fileURLToPath(import.meta.url));

export interface QueuePage {
  queues: { name: string; counts: JobCounts }[];
  /** Every queue's, newest first. */
  failed: FailedJob[];
}

export function queuePageOf(overview: QueueOverview[]): QueuePage {
  return {
    queues: overview.map(({ name, counts }) => ({ name, counts })),
    failed: overview
      .flatMap((queue) => queue.failed)
      .sort((a, b) => b.failedAt.getTime() - a.failedAt.getTime()),
  };
}

@Injectable()
export class QueuePageService {
  private readonly eta = new Eta({ views: join(here, 'views'), autoEscape: true, cache: true });

  constructor(
    private readonly jobs: JobQueue,
    private readonly views: ViewRenderer,
  ) {}

  async render(res: Response, actor: Actor): Promise<void> {
    const title = 'Job queues';
    const body = this.eta.render('queues', { title, fmt, ...queuePageOf(await this.jobs.overview()) });
    // The editor's layout, with this page as its body: the same frame, stylesheet and policy as its pages.
    this.views.render(res, 'layout', { title, actor, body });
  }
}
