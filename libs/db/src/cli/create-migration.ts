// `npm run db:migration -- <name>`: writes the next migration from prisma/schema.prisma.
import { createMigration } from '../migrations/migrator.js';

const written = await createMigration(process.argv.slice(2).join(' '));
console.log(written ? `Wrote ${written}` : 'The schema matches the migrations; nothing to write.');
