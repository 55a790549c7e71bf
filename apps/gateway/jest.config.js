import preset from '../../jest.preset.js';

/** @type {import('jest').Config} */
export default { ...preset, globalSetup: '<rootDir>/jest.global-setup.js' };
