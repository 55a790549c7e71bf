// Shared jest setup: TypeScript through SWC, native ESM, `.js` import suffixes mapped to sources.
/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2023' }, module: { type: 'es6' } },
    ],
  },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testMatch: ['<rootDir>/src/**/*.test.ts'],
  // Tests and their hooks start real servers (PGlite, the API, SMTP); on a loaded 2-core CI machine
  // a start has taken over 30 s (gateway users.test.ts, 2026-11-25), so hooks get a minute.
  testTimeout: 60000,
  // A handle left open by a failed setup must fail the run, not hang CI until its time limit.
  forceExit: true,
};
