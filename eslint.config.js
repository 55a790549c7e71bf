// One lint config for every workspace: typescript-eslint strict, React hooks rules for the web app.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The feature folders of an app. */
const featuresOf = (app) =>
  readdirSync(new URL(`./apps/${app}/src/features`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * One-way imports in an app: `lib` -> `features` -> `app`, and a feature reaches another only
 * through that feature's public files (`publicFiles`), never its internals.
 */
function zones(app, publicFiles) {
  const src = `./apps/${app}/src`;
  const features = featuresOf(app);
  return [
    {
      target: `${src}/lib`,
      from: [`${src}/features`, `${src}/app`],
      message: 'lib is shared by every feature: it imports no feature and not the app.',
    },
    {
      target: `${src}/features`,
      from: `${src}/app`,
      message: 'A feature does not import the app.',
    },
    ...features.map((feature) => ({
      target: `${src}/features/${feature}`,
      from: `${src}/features`,
      except: [
        `./${feature}`,
        ...features
          .filter((other) => other !== feature)
          .flatMap((other) => publicFiles.map((file) => `./${other}/${file}`)),
      ],
      message: `A feature imports another only through its ${publicFiles.join(' or ')}.`,
    })),
  ];
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/__generated__/**',
      '**/.turbo/**',
      '**/.data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration through the app env.ts only.',
        },
      ],
    },
  },
  {
    files: [
      '**/env.ts',
      '**/*.test.ts',
      '**/*.test.tsx',
      'e2e/**',
      'scripts/**',
      '**/*.config.*',
      '**/test/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/gateway/playground/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json'].map((glob) =>
            fileURLToPath(new URL(glob, import.meta.url)),
          ),
          // Each app's own tsconfig on purpose (one resolver for all of them): no warning about it.
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/gateway/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/test/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          // Zones are paths from the repository root, wherever eslint runs.
          basePath: fileURLToPath(new URL('.', import.meta.url)),
          zones: [
            ...zones('web', ['index.ts', 'index.tsx']),
            // The REST shapes a feature answers (its DTO types) are public to the other features.
            ...zones('gateway', ['index.ts', 'rest.ts', 'mappers.ts']),
          ],
        },
      ],
    },
  },
  {
    // The gateway takes the REST API's answer types (its report DTOs), never its code.
    files: ['apps/gateway/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/test/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@survey/api',
              allowTypeImports: true,
              message:
                'The gateway talks to the API over REST: import its types only (import type).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/env.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.type='MetaProperty'][property.name='env']",
          message: 'Read configuration through apps/web/src/env.ts only.',
        },
      ],
    },
  },
);
