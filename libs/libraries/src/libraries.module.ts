import { Module } from '@nestjs/common';
import { LibraryAnalysisService } from './library-analysis.service.js';
import { LibraryCatalog } from './library-catalog.service.js';
import { LibraryRepository } from './library.repository.js';
import { LibraryAnalysisProcessor } from './library-analysis.processor.js';

/**
 * Section libraries: their analysis (a job) and which ones AI page generation may use. Needs DbModule and
 * JobsModule in the app.
 */
@Module({
  providers: [LibraryRepository, LibraryAnalysisService, LibraryCatalog, LibraryAnalysisProcessor],
  exports: [LibraryAnalysisService, LibraryCatalog],
})
export class LibrariesModule {}
