// Flat config: typescript-eslint's recommended rules everywhere, React hooks rules for the browser apps.
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
    files: ['apps/shell/**/*.{ts,tsx}', 'apps/org/**/*.{ts,tsx}', 'apps/permission/**/*.{ts,tsx}', 'apps/tenant/**/*.{ts,tsx}', 'packages/shared/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/jest.config.*', '**/jest.setup.*'],
    languageOptions: { globals: { ...globals.jest } },
  },
);
