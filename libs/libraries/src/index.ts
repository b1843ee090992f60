export { pictureRoles, sectionRoles, type SectionRole } from './section-roles.js';
export { wordsOf } from './element-text.js';
export {
  analyzeLibrarySection,
  type SectionAnalysis,
  type SectionSlot,
  type SlotKind,
  type LibrarySectionContent,
} from './section-analysis.js';
export {
  LibraryRepository,
  type LibrarySectionDesign as StoredLibrarySectionDesign,
  type ListedLibrarySection,
} from './library.repository.js';
export { LibraryAnalysisService } from './library-analysis.service.js';
export { libraryAnalysisJob } from './library-analysis.processor.js';
export {
  LibraryCatalog,
  maxListedSections,
  maxListedSectionsPerLibrary,
  type AiLibrary,
  type SectionAtPlacement,
} from './library-catalog.service.js';
export { LibrariesModule } from './libraries.module.js';
export {
  LibraryAdministration,
  type AdministeredLibraryView,
  type LibraryAiStatus,
} from './library-administration.service.js';
