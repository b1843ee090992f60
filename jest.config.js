/** Jest in ESM mode (NODE_OPTIONS=--experimental-vm-modules), TypeScript through @swc/jest. */
import { globSync, readFileSync } from 'node:fs';

const swc = {
  swcrc: false,
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2023',
    keepClassNames: true,
  },
  module: { type: 'es6' },
};

const shared = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleFileExtensions: ['js', 'ts', 'json', 'mjs'],
  moduleNameMapper: {
    '^#folio/(.*)$': '<rootDir>/libs/$1/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  transform: { '^.+\\.ts$': ['@swc/jest', swc] },
  testTimeout: 60_000,
};

// The test tiers, named by what their specs need (docs/development.md, "Tests"):
//   pure      *.spec.ts that need nothing but the code: no database, no Redis, no app
//   database  *.spec.ts that start a database of their own (PGlite, or PostgreSQL with DATABASE_URL) or
//             reach Redis (REDIS_URL)
//   app       *.e2e-spec.ts: a real app on its database, over HTTP or in process
//   browser   *.browser.e2e-spec.ts: an app or a page in Chromium
// A unit spec needs a database when it starts one through libs/testing, PGlite itself, or Redis. The pure
// tier runs with DATABASE_URL and REDIS_URL naming nothing, so a spec this misreads fails rather than
// passing on a database it was not counted for.
const startsDatabase =
  /\b(startTestModule|startMcpTools|compileWithDatabase|createTestDatabase|createMigratedTestDatabase|PGlite|REDIS_URL)\b/;
const unitSpecs = globSync('{apps,libs,test}/**/*.spec.ts').sort();
const databaseSpecs = unitSpecs.filter((path) => startsDatabase.test(readFileSync(path, 'utf8')));
const pureSpecs = unitSpecs.filter((path) => !databaseSpecs.includes(path));
const under = (paths) => paths.map((path) => `<rootDir>/${path}`);

export default {
  projects: [
    {
      ...shared,
      displayName: 'pure',
      testMatch: under(pureSpecs),
      setupFiles: ['<rootDir>/test/pure-tier.js'],
    },
    { ...shared, displayName: 'database', testMatch: under(databaseSpecs) },
    {
      ...shared,
      displayName: 'app',
      testMatch: ['<rootDir>/{apps,libs,test}/**/*.e2e-spec.ts'],
      testPathIgnorePatterns: ['\\.browser\\.e2e-spec\\.ts$'],
    },
    { ...shared, displayName: 'browser', testMatch: ['<rootDir>/{apps,libs,test}/**/*.browser.e2e-spec.ts'] },
  ],
  testTimeout: 60_000,
  // One test file at a time, in a worker that is replaced once it holds more than this after a file: the
  // ESM module registry of each file is not all freed, and one process for the whole suite runs out of heap.
  workerIdleMemoryLimit: '1GB',
  reporters: ['default', '<rootDir>/test/summary-reporter.js'],
};
