import preset from '../../jest.preset.js';

/** @type {import('jest').Config} */
export default {
  ...preset,
  globalSetup: '<rootDir>/test/global-setup.mjs',
  globalTeardown: '<rootDir>/test/global-teardown.mjs',
};
