export { UrlResolver, type ResolvedUrl } from './url-resolver.service.js';
export { ProjectFinder, type FindProjectsRequest, type FoundProject } from './project-finder.service.js';
export {
  ProjectDocuments,
  maxDocumentResults,
  type DocumentReference,
  type ProjectDocument,
} from './project-documents.service.js';
export { FindingModule } from './finding.module.js';
