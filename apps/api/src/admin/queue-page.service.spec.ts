import { describe, expect, it } from '@jest/globals';
import { type FailedJob, type QueueOverview } from '#folio/jobs';
import { queuePageOf } from './queue-page.service.js';

const counts = { waiting: 1, active: 2, delayed: 3, completed: 4, failed: 2 };

function failure(queue: FailedJob['queue'], id: string, failedAt: string): FailedJob {
  return { queue, id, data: {}, attempts: 5, error: `${id} broke`, failedAt: new Date(failedAt) };
}

describe(queuePageOf.name, () => {
  it('keeps each queue with its counts, and lists every failure newest first', () => {
    const overview: QueueOverview[] = [
      {
        name: 'section-screenshot',
        counts,
        failed: [
          failure('section-screenshot', 's2', '2026-05-03'),
          failure('section-screenshot', 's1', '2026-05-01'),
        ],
      },
      { name: 'library-analysis', counts, failed: [failure('library-analysis', 'l1', '2026-05-02')] },
    ];
    const page = queuePageOf(overview);
    expect(page.queues).toEqual([
      { name: 'section-screenshot', counts },
      { name: 'library-analysis', counts },
    ]);
    expect(page.failed.map((job) => job.id)).toEqual(['s2', 'l1', 's1']);
  });
});
