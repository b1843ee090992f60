export {
  ProjectRepository,
  type AccessibleProject,
  type ProjectAsset,
  type ProjectPage,
} from './project.repository.js';
export { ProjectsModule } from './projects.module.js';
