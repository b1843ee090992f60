export {
  createTestDatabase,
  createMigratedTestDatabase,
  type TestDatabase,
  type MigratedTestDatabase,
} from './test-database.js';
