import { Injectable } from '@nestjs/common';
import { type JobPayloads, type JobProcessor, JobProcessorFor, type JobRequest } from '#folio/jobs';
import { LibraryRepository } from './library.repository.js';
import { LibraryAnalysisService } from './library-analysis.service.js';

/** The analysis of a library an admin switched AI on for. Rewriting it is harmless, so retries are too. */
@Injectable()
@JobProcessorFor('library-analysis')
export class LibraryAnalysisProcessor implements JobProcessor<'library-analysis'> {
  readonly concurrency = 1;

  constructor(
    private readonly analysis: LibraryAnalysisService,
    private readonly libraries: LibraryRepository,
  ) {}

  async process({ libraryId }: JobPayloads['library-analysis']): Promise<void> {
    if (await this.libraries.sections(libraryId)) await this.analysis.analyze(libraryId);
  }

  /** AI-enabled libraries never analysed: their job was lost, or they were switched on elsewhere. */
  async outstanding(): Promise<JobRequest<'library-analysis'>[]> {
    return (await this.libraries.awaitingAnalysis()).map(libraryAnalysisJob);
  }
}

export function libraryAnalysisJob(libraryId: string): JobRequest<'library-analysis'> {
  return { id: libraryId, data: { libraryId } };
}
