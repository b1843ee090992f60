// `npm run db:migrate`: applies pending committed migrations to the configured database.
import { loadConfig } from '#folio/config';
import { openDatabase } from '../database-adapter.js';
import { migrateDatabase } from '../migrations/migrator.js';

const config = loadConfig(process.env, { seedDemo: false });
const database = await openDatabase(config.database);
try {
  const applied = await migrateDatabase(database);
  console.log(
    applied.length
      ? `Applied ${applied.length} migration(s): ${applied.join(', ')}`
      : 'No pending migrations.',
  );
} finally {
  await database.release();
}
