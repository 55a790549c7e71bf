// Dev server and preview on WEB_PORT (3000); /graphql and /files go to the gateway through the proxy so
// the browser stays same-origin and the httpOnly session cookie just works.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { loadEnv } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';
import { loadBrowserEnv, loadServerEnv } from './src/env';

const { GATEWAY_URL: gateway, WEB_PORT: port } = loadServerEnv(process.env);
// The VITE_ variables the bundle will inline, from the environment and .env files: a bad one stops here.
loadBrowserEnv(
  loadEnv(
    process.env.NODE_ENV ?? 'production',
    fileURLToPath(new URL('.', import.meta.url)),
    'VITE_',
  ),
);

const proxy = {
  '/graphql': { target: gateway, changeOrigin: false, xfwd: true },
  '/files': { target: gateway, changeOrigin: false, xfwd: true },
};

// react-router's package exports only its development build; production bundles use the lean one.
const reactRouterProduction = {
  'react-router/dom': fileURLToPath(
    new URL('../../node_modules/react-router/dist/production/dom-export.mjs', import.meta.url),
  ),
  'react-router': fileURLToPath(
    new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
  ),
};

// Every page needs these, so they come as two cacheable files instead of dozens of small chunks, each
// gzipped on its own (the sign-in page loaded 50 files): the libraries of the frame, and the Mantine
// core with the components the frame and the sign-in pages use.
const lib = (pattern: string) => {
  const packages = new RegExp(`/node_modules/(${pattern})/`);
  return (id: string) => packages.test(id.replaceAll('\\', '/'));
};
const chunkGroups = [
  {
    name: 'vendor',
    test: lib(
      'react|react-dom|scheduler|use-sync-external-store|react-router|@apollo/client|rxjs|graphql|optimism|@wry/[a-z-]+|tslib|i18next|react-i18next',
    ),
  },
  {
    name: 'ui',
    test: lib(
      '@mantine/core/esm/(core|components/(Alert|Anchor|ActionIcon|Badge|Box|Button|Center|CloseButton|Container|Group|Input|InputBase|Loader|Paper|PasswordInput|Stack|Text|TextInput|Title|Transition|UnstyledButton|VisuallyHidden))',
    ),
  },
];

/** Test files that replace a module with vi.mock: they need the module graph to themselves. */
const MOCKED_MODULES = [
  'src/features/companies/companies.test.tsx',
  'src/features/companies/units.test.tsx',
];

export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve: command === 'build' ? { alias: reactRouterProduction } : {},
  server: { port, strictPort: true, proxy },
  preview: { port, strictPort: true, proxy },
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // `npm test` runs this suite beside the API's and the browser tests on two cores; a form test
    // typing through userEvent took over vitest's default 5 s there (CI, 26 Nov), and over 20 s at
    // load 25 (27 Nov).
    testTimeout: 60_000,
    // Globals a test stubs (fetch) are restored after it, whichever file runs next in the worker.
    unstubGlobals: true,
    projects: [
      // Most files share their worker's modules and jsdom with the files before them: a fresh module
      // graph and window per file was most of the suite's CPU (import 331 s and environment 387 s
      // of 1,564 s summed). setup.ts still runs per file (cleanup, i18n in en-US, empty storage).
      {
        extends: true,
        test: {
          name: 'shared',
          exclude: [...configDefaults.exclude, ...MOCKED_MODULES],
          isolate: false,
        },
      },
      // A file that replaces a module (vi.mock) needs it loaded fresh, so it runs on its own.
      { extends: true, test: { name: 'isolated', include: [...MOCKED_MODULES] } },
    ],
  },
}));
