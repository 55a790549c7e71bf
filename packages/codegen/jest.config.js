import preset from '../../jest.preset.js';

export default { ...preset, testMatch: ['<rootDir>/{plugins,presets}/**/*.test.ts'] };
