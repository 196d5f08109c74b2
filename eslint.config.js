import js from '@eslint/js';
import { readFileSync, readdirSync } from 'node:fs';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import i18next from 'eslint-plugin-i18next';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Boundaries (architecture page): domain imports neither web nor server and no Node or DOM
 * runtime; web and server never import each other; no import cycles anywhere. The server's
 * infrastructure layers (adapters, jobs, db, http) never import a feature: a feature uses them,
 * and passes in what they need.
 */
/** An update of appointments that sets its status or start time (ADR 0068). */
const WRITES_BOOKING_STATE = String.raw`/update\s+appointments\b[\s\S]*(\bset\s+|,\s*)(status|starts_at)\s*=/i`;

const boundaryZones = [
  { target: './domain', from: './server', message: 'domain is pure: it must not import server code.' },
  { target: './domain', from: './web', message: 'domain is pure: it must not import web code.' },
  { target: './web', from: './server', message: 'web must not import server code; share through domain.' },
  { target: './server', from: './web', message: 'server must not import web code; share through domain.' },
];
const serverLayerZones = ['adapters', 'jobs', 'db', 'http'].map((layer) => ({
  target: `./server/${layer}`,
  from: './server/features',
  message: `server/${layer} must not import server/features: have the feature pass in what the ${layer} code needs.`,
}));

// Features meet through services (ADR 0073): a feature, a direct child folder of server/features
// (console/ with its page folders is one), never imports another feature's repository; it calls the
// owning feature's service, and the booking read model they share is the bookings feature's view.
const serverFeatures = readdirSync(new URL('./server/features', import.meta.url), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
const featureRepositoryZones = serverFeatures.map((feature) => ({
  target: `./server/features/${feature}`,
  from: serverFeatures
    .filter((other) => other !== feature)
    .map((other) => `./server/features/${other}/**/*-repository.ts`),
  message: "A feature must not import another feature's repository: call that feature's service (ADR 0073).",
}));

// The web's one-way imports (bulletproof-react): shared code (components, lib) imports no feature
// and not the app; a feature imports no other feature (what two features share moves down).
const webFeatures = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
const webLayerZones = [
  ...webFeatures.map((feature) => ({
    target: `./web/src/features/${feature}`,
    from: './web/src/features',
    except: [`./${feature}`],
    message:
      'A web feature must not import another feature: move what they share to web/src/components or web/src/lib.',
  })),
  // The console's pages live in folders of their own (ADR 0045); what they share is console/shared,
  // which imports no page and not the shell.
  {
    target: './web/src/features/console/shared',
    from: './web/src/features/console',
    except: ['./shared'],
    message: 'console/shared is shared by the console pages: it must not import a page folder or the shell.',
  },
  ...['components', 'lib'].map((shared) => ({
    target: `./web/src/${shared}`,
    from: ['./web/src/features', './web/src/app'],
    message: `web/src/${shared} is shared code: it must not import a feature or the app.`,
  })),
];

/**
 * Code habits (ADR 0044): product files of at most 300 lines and functions of at most 80 (blank
 * lines and comments not counted), one API client in the web, web tests through userEvent and
 * jest-dom. Today's offenders are listed in scripts/code-habits-debt.json: ESLint skips them for
 * their rule, and `scripts/code-habits.test.ts` holds each to its recorded figure until it is paid.
 */
const habitsDebt = JSON.parse(readFileSync(new URL('./scripts/code-habits-debt.json', import.meta.url), 'utf8'));
const debtors = (rule) => Object.keys(habitsDebt[rule].files);
const productCode = ['domain/**/*.{ts,tsx}', 'server/**/*.{ts,tsx}', 'web/src/**/*.{ts,tsx}'];
const notProductCode = [
  '**/*.test.{ts,tsx}',
  '**/*.{test,bench}-data.ts',
  '**/*-test-{kit,support}.{ts,tsx}',
  'server/test/**',
  'web/src/test/**',
];
const webTests = ['web/**/*.test.{ts,tsx}', 'web/**/*-test-kit.{ts,tsx}', 'web/src/test/**'];
const apiClientOnly =
  'Only web/src/lib/api-client.ts calls fetch: add a function there, parsed with the domain schemas.';
const habitConfigs = [
  {
    files: productCode,
    ignores: [...notProductCode, ...debtors('fileLines')],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: productCode,
    ignores: [...notProductCode, ...debtors('functionLines')],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/lib/api-client.ts', ...debtors('webFetch')],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.name='fetch']", message: apiClientOnly },
        {
          selector: "CallExpression[callee.object.name=/^(window|globalThis|self)$/][callee.property.name='fetch']",
          message: apiClientOnly,
        },
      ],
    },
  },
  {
    files: webTests,
    ignores: debtors('webFireEvent'),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['@testing-library/react', '@testing-library/dom'].map((name) => ({
            name,
            importNames: ['fireEvent'],
            message: 'Act as a person does: userEvent (@testing-library/user-event, ADR 0044), not fireEvent.',
          })),
          patterns: [{ group: ['#server/*'], message: 'web must not import server code.' }],
        },
      ],
    },
  },
  {
    files: webTests,
    ignores: debtors('webToBeTruthy'),
    rules: {
      'no-restricted-properties': [
        'error',
        {
          property: 'toBeTruthy',
          message: 'Say what is expected: a jest-dom matcher (ADR 0044), or toBe(true).',
        },
      ],
    },
  },
];

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
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
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
      'import-x/no-restricted-paths': ['error', { zones: [...boundaryZones, ...webLayerZones] }],
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['#server/*'], message: 'web must not import server code.' }] },
      ],
    },
  },
  {
    // Every text a patient sees is a message (ADR 0034). JSX text and the attributes a
    // patient reads or hears must come from a catalogue; `scripts/patient-texts.test.ts` checks the
    // string literals of .ts files.
    // The staff console (ADR 0038) is for the practice's staff, not patients, and stays English.
    files: ['web/src/**/*.tsx'],
    ignores: ['web/src/**/*.test.tsx', 'web/src/test/**', 'web/src/features/console/**'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          words: { exclude: ['^[^A-Za-zÀ-ÿ]*$'] },
          'jsx-attributes': {
            include: [
              '^aria-label$',
              '^aria-description$',
              '^aria-valuetext$',
              '^placeholder$',
              '^title$',
              '^alt$',
              '^label$',
            ],
          },
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['#web/*'], message: 'server must not import web code.' }] },
      ],
    },
  },
  {
    // Tests of a layer may build a whole app with its features, and a feature's tests may set up
    // rows through another feature's repository.
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts', 'server/test/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...boundaryZones, ...serverLayerZones, ...featureRepositoryZones] },
      ],
    },
  },
  {
    // SQL lives in repositories (style page): elsewhere a feature calls a repository function.
    // The db seam itself (server/db) and tests are exempt.
    files: ['server/**/*.ts'],
    ignores: [
      'server/**/*-repository.ts',
      'server/db/**',
      'server/**/*.test.ts',
      'server/**/*-test-{kit,support}.ts',
      'server/test/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(query|exec)$/][arguments.0.type=/Literal|TemplateLiteral/]',
          message: "SQL lives in a *-repository.ts file: move this query into the feature's repository.",
        },
      ],
    },
  },
  {
    // One writer (ADR 0068): after its insert, a booking's status and time are written only by files named for the
    // lifecycle, which record each change's event; a forgotten writer elsewhere fails here, not in production.
    files: ['server/**/*-repository.ts'],
    ignores: ['server/**/*lifecycle*.ts', 'server/**/*.test.ts', 'server/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          `Literal[value=${WRITES_BOOKING_STATE}]`,
          `TemplateElement[value.raw=${WRITES_BOOKING_STATE}]`,
          // The lifecycle's SET clause for a booking's time, used elsewhere, writes its time too.
          'ImportSpecifier[imported.name="PLACEMENT_SET"]',
        ].map((selector) => ({
          selector,
          message:
            "A booking's status and time change through the lifecycle (ADR 0068): call booking-lifecycle-steps.ts.",
        })),
      ],
    },
  },
  {
    // Requests are parsed in routes (ADR 0001): a service takes parsed values. The booking body is
    // the one exception, parsed by the booking transaction because its schema needs the practice.
    files: ['server/features/**/*.ts'],
    ignores: [
      'server/features/**/*-routes.ts',
      'server/features/bookings/booking-transaction.ts',
      'server/**/*.test.ts',
      'server/**/*-test-{kit,support}.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['#web/*'], message: 'server must not import web code.' },
            {
              group: ['**/http/request-parsing.ts'],
              importNames: ['parseBody', 'parseQuery'],
              message: 'Parse the request in the route (ADR 0001) and pass the parsed value to the service.',
            },
          ],
        },
      ],
    },
  },
  ...habitConfigs,
);
