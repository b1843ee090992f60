import { Module } from '@nestjs/common';
import { LibraryAnalysisService } from './library-analysis.service.js';
import { LibraryCatalog } from './library-catalog.service.js';
import { LibraryRepository } from './library.repository.js';

/** Section libraries: their analysis and which ones AI page generation may use. Needs DbModule in the app. */
@Module({
  providers: [LibraryRepository, LibraryAnalysisService, LibraryCatalog],
  exports: [LibraryAnalysisService, LibraryCatalog],
})
export class LibrariesModule {}
