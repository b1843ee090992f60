export {
  createTestDatabase,
  createMigratedTestDatabase,
  type TestDatabase,
  type MigratedTestDatabase,
} from './test-database.js';
export { BrowserClient, findForm, pageText } from './browser-client.js';
export { freePort } from './free-port.js';
export { launchChromium } from './chromium.js';
