import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type TestingModule } from '@nestjs/testing';
import { newPublicKey } from '#folio/content';
import { asJson } from '#folio/db';
import { InProcessJobQueue, JobQueue } from '#folio/jobs';
import { starterLibrary } from '#folio/seed';
import { compileWithDatabase, createMigratedTestDatabase, type MigratedTestDatabase } from '#folio/testing';
import { LibrariesModule } from './libraries.module.js';
import { libraryAnalysisJob } from './library-analysis.processor.js';

// The analysis as a job on the in-process queue (the same processor runs in apps/worker on BullMQ).
describe('library analysis job', () => {
  let db: MigratedTestDatabase;
  let app: TestingModule;

  async function library(aiEnabled: boolean) {
    return db.prisma.library.create({
      data: {
        key: newPublicKey(),
        title: 'Marketing blocks',
        aiEnabled,
        sections: {
          create: starterLibrary.sections.slice(0, 3).map((section, order) => ({
            key: newPublicKey(),
            title: section.title,
            order,
            tree: asJson(section.tree),
            styles: section.styles,
          })),
        },
      },
    });
  }

  let switchedOnEarlier: { id: string };
  beforeAll(async () => {
    db = await createMigratedTestDatabase({ LOG_LEVEL: 'silent' });
    // Switched on while no process was running: its job was never queued.
    switchedOnEarlier = await library(true);
    app = await compileWithDatabase(db, [LibrariesModule]);
    await app.init();
  });
  afterAll(async () => {
    await app?.close();
    await db?.dispose();
  });

  const analyzedAt = async (id: string) =>
    (await db.prisma.library.findUniqueOrThrow({ where: { id } })).analyzedAt;

  it('analyses an AI-enabled library whose job was never queued, at start', async () => {
    await app.get(InProcessJobQueue).idle();
    expect(await analyzedAt(switchedOnEarlier.id)).toBeInstanceOf(Date);
  });

  it('analyses a library once when its job is queued, however often', async () => {
    const fresh = await library(true);
    const queue = app.get(JobQueue);
    await queue.add('library-analysis', [libraryAnalysisJob(fresh.id), libraryAnalysisJob(fresh.id)]);
    await app.get(InProcessJobQueue).idle();
    const first = await analyzedAt(fresh.id);
    expect(first).toBeInstanceOf(Date);
    await queue.add('library-analysis', [libraryAnalysisJob(fresh.id)]);
    await app.get(InProcessJobQueue).idle();
    expect(await analyzedAt(fresh.id)).toEqual(first);
  });

  it('leaves libraries without AI alone, and a deleted library is nothing to do', async () => {
    const plain = await library(false);
    const gone = await library(true);
    await db.prisma.library.delete({ where: { id: gone.id } });
    await app.get(JobQueue).add('library-analysis', [libraryAnalysisJob(gone.id)]);
    await app.get(InProcessJobQueue).idle();
    expect(await analyzedAt(plain.id)).toBeNull();
    const [overview] = (await app.get(JobQueue).overview()).filter((q) => q.name === 'library-analysis');
    expect(overview?.counts.failed).toBe(0);
  });
});
