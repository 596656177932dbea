// Flat config: typescript-eslint's recommended rules everywhere, two type-aware ones, React hooks rules for the
// browser apps. The architecture's import rules are dependency-cruiser's (.dependency-cruiser.cjs).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.turbo/**', '**/drizzle/meta/**', 'data/**', '**/data/**', 'e2e/.artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Type-aware rules: a promise nobody awaits loses its failure (an unhandled rejection, or a refusal no
    // one shows), and a switch over a union must say what each member does when the union grows.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          // node:test's describe/it return promises the runner itself awaits.
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['describe', 'it', 'test', 'suite', 'before', 'after', 'beforeEach', 'afterEach'] },
          ],
        },
      ],
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    // Every browser app, present and future (a new remote is covered without editing this file).
    files: ['apps/**/*.{ts,tsx}', 'packages/{client,ui,testing}/**/*.{ts,tsx}'],
    ignores: ['apps/server/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // A request's queries run on its one transaction, that is one connection: queries sent at once only
    // queue there (pg warns, and pg 9 will refuse). Await them one after another.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='Promise'][callee.property.name=/^(all|allSettled|race|any)$/]",
          message:
            'Server code runs its queries on one connection per request: await them one after another instead of Promise.all (pg refuses concurrent queries on one client).',
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/jest.config.*', '**/jest.setup.*'],
    languageOptions: { globals: { ...globals.jest } },
  },
);
