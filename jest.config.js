/** Jest in ESM mode (NODE_OPTIONS=--experimental-vm-modules), TypeScript through @swc/jest. */
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

export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/apps', '<rootDir>/libs', '<rootDir>/test'],
  testMatch: ['**/*.spec.ts', '**/*.e2e-spec.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleFileExtensions: ['js', 'ts', 'json', 'mjs'],
  moduleNameMapper: {
    '^#folio/(.*)$': '<rootDir>/libs/$1/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  transform: { '^.+\\.ts$': ['@swc/jest', swc] },
  testTimeout: 60_000,
  // One test file at a time, in a worker that is replaced once it holds more than this after a file: the
  // ESM module registry of each file is not all freed, and one process for the whole suite runs out of heap.
  workerIdleMemoryLimit: '1GB',
  reporters: ['default', '<rootDir>/test/summary-reporter.js'],
};
