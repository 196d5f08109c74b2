import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { compileMessages } from './scripts/compile-messages-plugin.ts';

/**
 * Projects: `unit` (domain and server logic), `web` (components in jsdom), and the API suite
 * once per database: `api-pglite` always, `api-postgres` when TEST_DATABASE_URL is set
 * (with CI=true a missing TEST_DATABASE_URL fails the run instead of skipping it).
 */
const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (process.env.CI === 'true' && !hasPostgres) {
  throw new Error('CI=true but TEST_DATABASE_URL is not set: the PostgreSQL API suite must run in CI.');
}

const apiProject = (kind: 'pglite' | 'postgres') => ({
  test: {
    name: `api-${kind}`,
    include: ['server/**/*.api.test.ts'],
    // `*.postgres.api.test.ts`: several server processes on one database, a PostgreSQL deployment
    // only (PGlite is one process's database), so those files are not part of the PGlite run at all.
    exclude: kind === 'pglite' ? ['server/**/*.postgres.api.test.ts', 'node_modules/**'] : ['node_modules/**'],
    env: { TEST_DB_KIND: kind, TZ: 'UTC' },
    globalSetup: ['server/test/api-global-setup.ts'],
    // Every answer checked against its route's schema (ADR 0070).
    setupFiles: ['server/test/response-schema-setup.ts'],
    // Files share a worker's module cache: each builds its own app and database, so nothing
    // module-level carries over, and about 80 s of re-importing the server per file goes away.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker; most API test time is waiting on the database,
    // so two run the unit and API suites in about 60% of the time.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['domain/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: ['server/**/*.api.test.ts', 'node_modules/**'],
          env: { TZ: 'UTC' },
          // As the API projects below. Not for web: its files mock modules (vi.mock) per file.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The web tests see catalogues as the browser does: compiled (ADR 0034).
        plugins: [compileMessages(), react()],
        test: {
          name: 'web',
          include: ['web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['web/src/test/testing-library-setup.ts'],
          testTimeout: 20_000,
          env: { TZ: 'UTC' },
        },
      },
      apiProject('pglite'),
      ...(hasPostgres ? [apiProject('postgres')] : []),
    ],
  },
});
