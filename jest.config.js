// Jest runs in ESM mode (NODE_OPTIONS=--experimental-vm-modules): an ESM-only
// dependency of Colyseus cannot be loaded in CommonJS mode.
const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'es6' } }];
const common = {
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: {
    // Tests import the shared package from source, so they never test a stale build.
    '^@fireside/shared$': '<rootDir>/shared/src/index.ts',
    // The web client's deep imports (client/vite.config.ts resolves them the same way).
    '^@fireside/shared/(.*)$': '<rootDir>/shared/src/$1',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
};
export default {
  // Jest's own 5 s is too short for a test that starts rooms on a busy 2-core CI machine
  // (load averages of 10–18 were seen here): tests that need more still say so themselves.
  testTimeout: 30_000,
  // Colyseus keeps process-wide timers (matchmaker stats, presence) after its
  // servers close; without this, jest waits for them forever after the run.
  forceExit: true,
  projects: [
    // tests/docs: the rules in docs/rules/ checked against the engines (and the in-game rules pages' texts).
    { ...common, displayName: 'shared', testMatch: ['<rootDir>/shared/src/**/*.test.ts', '<rootDir>/tests/docs/**/*.test.ts'] },
    {
      ...common,
      displayName: 'server',
      testMatch: ['<rootDir>/server/src/**/*.test.ts'],
      // A throwaway Postgres for the store's contract tests (skipped if FIRESIDE_TEST_DATABASE_URL is set).
      globalSetup: '<rootDir>/server/testing/jest-pg-setup.ts',
      globalTeardown: '<rootDir>/server/testing/jest-pg-teardown.ts',
    },
    { ...common, displayName: 'botclient', testMatch: ['<rootDir>/botclient/src/**/*.test.ts'] },
    // The web client's pure modules (no DOM): e.g. its text lookup; and its build (the art atlas).
    { ...common, displayName: 'client', testMatch: ['<rootDir>/client/src/**/*.test.ts', '<rootDir>/client/build/**/*.test.ts'] },
    { ...common, displayName: 'integration', testMatch: ['<rootDir>/tests/integration/**/*.test.ts'] },
    // Browser tests fail on any Content-Security-Policy violation in their pages (tests/e2e/csp-guard.ts).
    { ...common, displayName: 'e2e', testMatch: ['<rootDir>/tests/e2e/**/*.test.ts'], setupFilesAfterEnv: ['<rootDir>/tests/e2e/csp-guard.ts'] },
    // The fuzzer's and the soak test's bounded passes, against a spawned built server.
    { ...common, displayName: 'fuzz', testMatch: ['<rootDir>/tests/fuzz/**/*.test.ts', '<rootDir>/tests/soak/**/*.test.ts'] },
  ],
};
