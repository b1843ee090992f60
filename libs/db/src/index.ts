export { DbModule } from './db.module.js';
export { PrismaService } from './prisma.service.js';
export { DataChanges } from './data-changes.js';
export { type NotificationListener, type NotificationSubscription } from './notifications.js';
export { openDatabase, type DatabaseHandle, type MigrationConnection } from './database-adapter.js';
export {
  defaultMigrationPaths,
  migrateDatabase,
  pendingSchemaChanges,
  createMigration,
  type MigrationPaths,
} from './migrations/migrator.js';
export { refreshProjectSearch, prefixTsQuery } from './search/project-search.js';
export { keptPlan } from './prepared-statements.js';
export { asJson } from './json.js';
export { isUniqueViolation } from './unique-violation.js';
export { isDatabaseUnavailable } from './database-unavailable.js';
export { isUnstorableText, unstorableTextMessage } from './storable-text.js';
export { Prisma, PrismaClient } from './generated/prisma/client.js';
export type * from './generated/prisma/models.js';
