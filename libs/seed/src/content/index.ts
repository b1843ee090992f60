/**
 * Demo content the seed writes: the public starter library, a team-limited library, two sample projects
 * and the demo template. Keys are fixed (hashed from readable names), so seeding is idempotent.
 */
import { atlasProject } from './projects/atlas.js';
import { northwindProject } from './projects/northwind.js';
import { type ProjectSeed } from './seed-content.types.js';

export { starterLibrary } from './starter-library.js';
export { teamLibrary } from './team-library.js';
export { demoTemplate } from './template.js';
export { starterTheme, northwindTheme, atlasTheme } from './themes.js';
export {
  sectionRoles,
  type SectionDesign,
  type LibrarySeed,
  type ProjectSeed,
  type PageSeed,
  type TemplateSeed,
} from './seed-content.types.js';

export const sampleProjects: ProjectSeed[] = [northwindProject, atlasProject];
