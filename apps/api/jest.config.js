import preset from '../../jest.preset.js';

export default {
  ...preset,
  // One PGlite snapshot per run, which every test file loads (src/test/harness.ts).
  globalSetup: '<rootDir>/test/global-setup.mjs',
  globalTeardown: '<rootDir>/test/global-teardown.mjs',
  // Two files at a time (jest's default here is one, cores minus one): the longest suite, it keeps
  // both cores busy once the shorter suites turbo runs beside it have finished.
  maxWorkers: 2,
};
