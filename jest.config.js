// NestJS 12 ships its packages as ES modules. Node loads them from our CommonJS build through
// require(esm), but Jest's module loader does so only under --experimental-vm-modules (its
// vm.SourceTextModule), so under Jest the ES-module packages are compiled to CommonJS by swc like our
// own TypeScript, with no experimental flag on any test run.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2023',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];

const esmPackages = [
  '@nestjs',
  'file-type',
  '@borewit',
  '@tokenizer',
  'strtok3',
  'token-types',
  'uint8array-extras',
  'uid',
  'path-to-regexp',
  'intl-messageformat',
  '@formatjs',
  'p-limit',
  'yocto-queue',
];

const project = (displayName, testRegex) => ({
  displayName,
  testRegex,
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j|mj)s$': swc },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'json'],
  // The one dynamic import() of our code names its compiled file (TypeScript requires the '.js'); Jest
  // runs the source (src/images/image-storage.module.ts loads the S3 store only when it is configured).
  moduleNameMapper: { '^\\./s3-image-storage\\.js$': '<rootDir>/src/images/s3-image-storage.ts' },
});

module.exports = {
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
  // e2e tests share two cores with the app, PostgreSQL and child processes: allow for a loaded machine.
  // Set here, not on the e2e project: jest-circus reads the timeout from the global config only, so a
  // project's testTimeout left every test at the default 5 s (the CLI's tests failed under load).
  testTimeout: 30_000,
  // One process running every file keeps what each leaves (module registries, compiled sources) and
  // reached V8's heap limit near the end of the suite: a worker is started afresh once its heap passes
  // this after a file (Jest then uses a worker even where it would run in band on two cores).
  workerIdleMemoryLimit: '1GB',
  projects: [
    project('unit', '(src|scripts)/.*\\.spec\\.ts$'),
    {
      ...project('e2e', 'test/.*\\.e2e-spec\\.ts$'),
      setupFiles: ['<rootDir>/test/support/env.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/support/response-contract.setup.ts'],
    },
  ],
};
