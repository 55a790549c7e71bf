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
  testTimeout: 30000,
  // A handle left open by a failed setup must fail the run, not hang CI until its time limit.
  forceExit: true,
};
