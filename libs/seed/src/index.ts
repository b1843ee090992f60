export { seedDemo, demoKeys, demoUsers, type SeedOptions } from './demo-seed.js';
export { readDemoCredentials, demoCredentialsPath, type DemoCredentials } from './demo-credentials.js';
