import { Injectable } from '@nestjs/common';
import { NotFoundError } from '#folio/errors';
import { LibraryRepository } from './library.repository.js';
import { analyzeLibrarySection } from './section-analysis.js';

/** Runs the analysis of docs/design.md §9 over a whole library, so AI page generation can list and use it. */
@Injectable()
export class LibraryAnalysisService {
  constructor(private readonly libraries: LibraryRepository) {}

  /** Writes every section's analysis and the library's `analyzedAt`, in one transaction. */
  async analyze(libraryId: string): Promise<{ sections: number; analyzedAt: Date }> {
    const sections = await this.libraries.sections(libraryId);
    if (!sections) throw new NotFoundError('No such library.');
    const analyzedAt = new Date();
    await this.libraries.saveAnalysis(
      libraryId,
      sections.map((section) => ({ sectionId: section.id, analysis: analyzeLibrarySection(section) })),
      analyzedAt,
    );
    return { sections: sections.length, analyzedAt };
  }
}
