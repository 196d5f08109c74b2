import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Boundaries (architecture page): domain imports neither web nor server and no Node or DOM
 * runtime; web and server never import each other; no import cycles anywhere.
 */
export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'data/', 'test-results/', 'playwright-report/', 'web/public/'] },
  js.configs.recommended,
  {
    files: ['scripts/**/*.mjs', '**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      // Never parse dependencies: cycles and boundaries are about our own code.
      'import-x/ignore': ['node_modules'],
    },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './domain', from: './server', message: 'domain is pure: it must not import server code.' },
            { target: './domain', from: './web', message: 'domain is pure: it must not import web code.' },
            { target: './web', from: './server', message: 'web must not import server code; share through domain.' },
            { target: './server', from: './web', message: 'server must not import web code; share through domain.' },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'fs', 'path', 'crypto'], message: 'domain runs in the browser too: no Node APIs.' },
            { group: ['react', 'react-dom', 'react-*'], message: 'domain has no UI code.' },
            { group: ['#server/*', '#web/*'], message: 'domain must not import server or web code.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'process', 'localStorage', 'sessionStorage'],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [{ group: ['#server/*'], message: 'web must not import server code.' }] }],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['#web/*'], message: 'server must not import web code.' }] }],
    },
  },
);
