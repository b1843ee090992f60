import { Module } from '@nestjs/common';
import { AuditModule } from '#folio/audit';
import { LibraryAnalysisService } from './library-analysis.service.js';
import { LibraryCatalog } from './library-catalog.service.js';
import { LibraryRepository } from './library.repository.js';
import { LibraryAnalysisProcessor } from './library-analysis.processor.js';
import { LibraryAdministration } from './library-administration.service.js';

/**
 * Section libraries: their analysis (a job), switching AI on and off, and which ones AI page generation may use. Needs DbModule and
 * JobsModule in the app.
 */
@Module({
  imports: [AuditModule],
  providers: [
    LibraryRepository,
    LibraryAnalysisService,
    LibraryCatalog,
    LibraryAnalysisProcessor,
    LibraryAdministration,
  ],
  exports: [LibraryAnalysisService, LibraryCatalog, LibraryAdministration, LibraryRepository],
})
export class LibrariesModule {}
