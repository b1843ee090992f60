import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { IdentityModule } from '#folio/identity';
import { InProcessJobQueue, JobQueue } from '#folio/jobs';
import { createTestLibrary, newOperator, startTestModule, type TestModule } from '#folio/testing';
import { LibrariesModule } from './libraries.module.js';
import { LibraryAdministration } from './library-administration.service.js';
import { libraryAnalysisJob } from './library-analysis.processor.js';
import { LibraryRepository } from './library.repository.js';

// The analysis as a job on the in-process queue (the same processor runs in apps/worker on BullMQ).
describe('library analysis job', () => {
  let app: TestModule;

  const library = (aiEnabled: boolean) =>
    createTestLibrary(app.prisma, { title: 'Marketing blocks', aiEnabled });

  let switchedOnEarlier: { id: string };
  beforeAll(async () => {
    app = await startTestModule([LibrariesModule, IdentityModule], {
      LOG_LEVEL: 'silent',
      ADMIN_EMAILS: 'opal@folio.test',
      // The module is initialised below: no API keys here for the cache to hold.
      PRINCIPAL_CACHE_SIZE: '0',
    });
    // Switched on while no process was running (the module is not initialised yet): its job was never queued.
    switchedOnEarlier = await library(true);
    await app.module.init();
  });
  afterAll(() => app?.close());

  const analyzedAt = async (id: string) =>
    (await app.prisma.library.findUniqueOrThrow({ where: { id } })).analyzedAt;

  it('analyses an AI-enabled library whose job was never queued, at start', async () => {
    await app.get(InProcessJobQueue).idle();
    expect(await analyzedAt(switchedOnEarlier.id)).toBeInstanceOf(Date);
  });

  it('analyses a library once when its job is queued, however often', async () => {
    const fresh = await library(true);
    const queue = app.get(JobQueue);
    const job = libraryAnalysisJob({ libraryId: fresh.id, switchedOnAt: fresh.updatedAt });
    await queue.add('library-analysis', [job, job]);
    await app.get(InProcessJobQueue).idle();
    const first = await analyzedAt(fresh.id);
    expect(first).toBeInstanceOf(Date);
    // Even under another id (an earlier switch-on's job, come late), an analysed library is left alone.
    await queue.add('library-analysis', [{ ...job, id: `${job.id}.late` }]);
    await app.get(InProcessJobQueue).idle();
    expect(await analyzedAt(fresh.id)).toEqual(first);
  });

  it('analyses again after AI was switched off and on: the new switch-on queues a new job', async () => {
    const repository = app.get(LibraryRepository);
    const fresh = await library(true);
    await app
      .get(JobQueue)
      .add('library-analysis', (await repository.awaitingAnalysis([fresh.id])).map(libraryAnalysisJob));
    await app.get(InProcessJobQueue).idle();
    const first = await analyzedAt(fresh.id);
    // A public library: an operator switches it.
    const operator = (await newOperator(app)).actor;
    const administration = app.get(LibraryAdministration);
    await administration.switchAi(operator, fresh.key, false);
    expect(await analyzedAt(fresh.id)).toEqual(first); // switched off, it keeps its analysis
    await administration.switchAi(operator, fresh.key, true);
    await app.get(InProcessJobQueue).idle();
    expect((await analyzedAt(fresh.id))!.getTime()).toBeGreaterThan(first!.getTime());
  });

  it('leaves libraries without AI alone, and a deleted library is nothing to do', async () => {
    const plain = await library(false);
    const gone = await library(true);
    await app.prisma.library.delete({ where: { id: gone.id } });
    const jobOf = (created: { id: string; updatedAt: Date }) =>
      libraryAnalysisJob({ libraryId: created.id, switchedOnAt: created.updatedAt });
    // A job that reaches a library switched off since is nothing to do either.
    await app.get(JobQueue).add('library-analysis', [jobOf(plain), jobOf(gone)]);
    await app.get(InProcessJobQueue).idle();
    expect(await analyzedAt(plain.id)).toBeNull();
    const [overview] = (await app.get(JobQueue).overview()).filter((q) => q.name === 'library-analysis');
    expect(overview?.counts.failed).toBe(0);
  });
});
