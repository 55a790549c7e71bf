import preset from '../../jest.preset.js';

export default {
  ...preset,
  // One PGlite snapshot per run, which every test file loads (src/test/harness.ts).
  globalSetup: '<rootDir>/test/global-setup.mjs',
  globalTeardown: '<rootDir>/test/global-teardown.mjs',
};
