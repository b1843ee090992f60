export { seedDemo, demoKeys, demoUsers, snapshotSection, type SeedOptions } from './demo-seed.js';
export { readDemoCredentials, demoCredentialsPath, type DemoCredentials } from './demo-credentials.js';
export {
  starterLibrary,
  teamLibrary,
  sampleProjects,
  demoTemplate,
  starterTheme,
  northwindTheme,
  atlasTheme,
} from './content/index.js';
export { oweMissingScreenshots } from './owed-screenshots.js';
