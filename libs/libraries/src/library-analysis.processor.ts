import { Injectable } from '@nestjs/common';
import { type JobPayloads, type JobProcessor, JobProcessorFor, type JobRequest } from '#folio/jobs';
import { type AwaitingAnalysis, LibraryRepository } from './library.repository.js';
import { LibraryAnalysisService } from './library-analysis.service.js';

/**
 * The analysis of a library an admin switched AI on for. It runs only while the library waits for it, so
 * a duplicate, a retry after the work was done, or the job of an earlier switch-on does nothing.
 */
@Injectable()
@JobProcessorFor('library-analysis')
export class LibraryAnalysisProcessor implements JobProcessor<'library-analysis'> {
  readonly concurrency = 1;

  constructor(
    private readonly analysis: LibraryAnalysisService,
    private readonly libraries: LibraryRepository,
  ) {}

  async process({ libraryId }: JobPayloads['library-analysis']): Promise<void> {
    const [owed] = await this.libraries.awaitingAnalysis([libraryId]);
    if (owed) await this.analysis.analyze(libraryId);
  }

  /** AI-enabled libraries not analysed since: their job was lost, or they were switched on elsewhere. */
  async outstanding(): Promise<JobRequest<'library-analysis'>[]> {
    return (await this.libraries.awaitingAnalysis()).map(libraryAnalysisJob);
  }
}

/**
 * The analysis owed since one switch-on. The id names that switch-on, so switching off and on again
 * queues a new job rather than one the queue takes for a duplicate of the finished one.
 */
export function libraryAnalysisJob(owed: AwaitingAnalysis): JobRequest<'library-analysis'> {
  return { id: `${owed.libraryId}.${owed.switchedOnAt.getTime()}`, data: { libraryId: owed.libraryId } };
}
