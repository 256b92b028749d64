import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['build/', 'build-*/', '.react-router/', 'node_modules/', 'data/', 'test-results/', 'bench-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Modules depend on each other in one direction; a cycle means two modules are one.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // The architecture's boundaries (docs/architecture.md): the shop's rules in domain/ depend
      // on nothing of ours; the pages reach the server only through the load context and
      // *.server.ts modules, so no server code (or secret) can end up in a browser bundle.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './domain', from: ['./server', './app', './scripts', './e2e'], message: 'domain/ holds pure rules: it imports neither server/ nor app/.' },
            { target: './server', from: ['./app', './e2e', './scripts'], message: 'The server does not depend on the pages or the test journeys.' },
            {
              target: './app',
              from: './server',
              except: ['./test'],
              message: 'app/ reaches server/ only through the load context (app/load-context.ts) and *.server.ts modules.',
            },
          ],
        },
      ],
    },
  },
  {
    // The load context, server-only page modules and tests may name the server's types and helpers.
    files: ['app/load-context.ts', 'app/**/*.server.ts', 'app/**/*.test.ts', 'app/**/*.test.tsx'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
);
