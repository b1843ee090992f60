export {
  ProjectRepository,
  type AccessibleProject,
  type ProjectAsset,
  type ProjectPage,
} from './project.repository.js';
export { ProjectQueries, type ProjectSummary, type ProjectQueryScope } from './project-queries.repository.js';
export {
  PlacementResolver,
  type ResolvedPlacement,
  type PlacementRequest,
  type PlacementTarget,
  type AccountRef,
} from './placement-resolver.service.js';
export {
  ProjectCreator,
  type NewProjectRequest,
  type CreatedProject,
  type NewPageRequest,
  type CreatedPage,
} from './project-creator.service.js';
export { slugify, maxTitleLength } from './page-naming.js';
export { ProjectsModule } from './projects.module.js';
