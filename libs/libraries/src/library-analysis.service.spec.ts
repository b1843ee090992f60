import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { newPublicKey } from '#folio/content';
import { asJson } from '#folio/db';
import { NotFoundError } from '#folio/errors';
import { starterLibrary } from '#folio/seed';
import { createMigratedTestDatabase, type MigratedTestDatabase } from '#folio/testing';
import { LibraryAnalysisService } from './library-analysis.service.js';
import { LibraryRepository } from './library.repository.js';
import { analyzeLibrarySection } from './section-analysis.js';

describe(LibraryAnalysisService.name, () => {
  let db: MigratedTestDatabase;
  let service: LibraryAnalysisService;

  beforeAll(async () => {
    db = await createMigratedTestDatabase();
    service = new LibraryAnalysisService(new LibraryRepository(db.prisma));
  });
  afterAll(() => db.dispose());

  async function setup(sections = starterLibrary.sections.slice(0, 6)) {
    return db.prisma.library.create({
      data: {
        key: newPublicKey(),
        title: 'Marketing blocks',
        aiEnabled: true,
        sections: {
          create: sections.map((section, order) => ({
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

  it("stores every section's role, slots and keywords and marks the library analysed", async () => {
    const sections = starterLibrary.sections.slice(0, 6);
    const library = await setup(sections);
    expect(library.analyzedAt).toBeNull();

    const result = await service.analyze(library.id);

    const stored = await db.prisma.library.findUniqueOrThrow({
      where: { id: library.id },
      include: { sections: { orderBy: { order: 'asc' } } },
    });
    expect(result).toEqual({ sections: sections.length, analyzedAt: stored.analyzedAt });
    expect(stored.sections.map((s) => s.analysis)).toEqual(sections.map((s) => analyzeLibrarySection(s)));
    expect(stored.sections.map((s) => (s.analysis as { role: string }).role)).toEqual(
      sections.map((s) => s.role),
    );
  });

  it('analyses again after the sections change', async () => {
    const library = await setup();
    const first = await service.analyze(library.id);
    const [section] = await db.prisma.librarySection.findMany({ where: { libraryId: library.id }, take: 1 });
    const pricing = starterLibrary.sections.find((s) => s.role === 'pricing')!;
    await db.prisma.librarySection.update({
      where: { id: section.id },
      data: { title: pricing.title, tree: asJson(pricing.tree), styles: pricing.styles },
    });

    const second = await service.analyze(library.id);

    expect(second.analyzedAt.getTime()).toBeGreaterThanOrEqual(first.analyzedAt.getTime());
    const updated = await db.prisma.librarySection.findUniqueOrThrow({ where: { id: section.id } });
    expect(updated.analysis).toEqual(analyzeLibrarySection(pricing));
  });

  it('marks a library without sections analysed, and refuses an unknown library', async () => {
    const empty = await setup([]);
    await expect(service.analyze(empty.id)).resolves.toMatchObject({ sections: 0 });
    await expect(service.analyze(randomUUID())).rejects.toBeInstanceOf(NotFoundError);
  });
});
