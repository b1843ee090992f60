// `npm run db:seed`: applies pending migrations, writes the demo data (idempotent), prints the credentials.
import { loadConfig } from '#folio/config';
import { migrateDatabase, openDatabase, PrismaClient } from '#folio/db';
import { demoCredentialsPath, oweMissingScreenshots, seedDemo } from '../index.js';

const config = loadConfig(process.env, { seedDemo: true });
const database = await openDatabase(config.database);
const prisma = new PrismaClient({ adapter: database.adapter });
try {
  await migrateDatabase(database);
  const credentials = await seedDemo(prisma, config);
  await oweMissingScreenshots(prisma);
  console.log(`Seeded the demo data. Credentials: ${demoCredentialsPath(config.dataDir)}`);
  console.log(`  ${credentials.users.owner} / ${credentials.password}`);
  console.log(`  API key: ${credentials.apiKey}`);
} finally {
  await prisma.$disconnect();
  await database.release();
}
