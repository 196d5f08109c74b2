import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The soak suite (`npm run test:soak`, ADR 0017): long-running proofs against real server
 * processes on PostgreSQL, kept out of `npm test` because they take minutes.
 *
 *   load.soak.test.ts               5 min of mixed traffic at 50 connections: no 5xx, no double
 *                                   booking, every 2xx booking stored, p99 printed, memory flat
 *   crash.soak.test.ts              SIGKILL at random moments under booking load, ten times:
 *                                   every 2xx booking once, no half-written rows, messages delivered
 *   database-outage.soak.test.ts    a private PostgreSQL stopped and started under load: fast 503s,
 *                                   recovery without a restart
 *   provider-outages.soak.test.ts   SMTP, Twilio, Stripe and Open Dental failing: bookings intact,
 *                                   jobs retried with back-off, then delivered once
 *   scale-out.soak.test.ts          three processes on one database: races, load, nothing sent twice
 *   reschedule.soak.test.ts         50 concurrent moves among 20 bookings on two processes: no
 *                                   double booking, no lost booking, every acknowledged move counted
 *
 * Durations come from the environment (support/soak-settings.ts); the defaults are the full soak
 * and `.ci/run` passes shorter ones. Files run one after another: the machine has two cores and
 * every file measures something that a neighbour would disturb. PostgreSQL is required, never
 * skipped: without TEST_DATABASE_URL the run fails at once.
 */
if (!process.env.TEST_DATABASE_URL) {
  throw new Error('The soak suite runs on PostgreSQL: set TEST_DATABASE_URL (a role with CREATEDB), as .ci/run does.');
}

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    name: 'soak',
    include: ['soak/**/*.soak.test.ts'],
    // The API suite's global set-up migrates a template database that each file copies.
    env: { TEST_DB_KIND: 'postgres', TZ: 'UTC' },
    globalSetup: ['server/test/api-global-setup.ts'],
    fileParallelism: false,
    testTimeout: 12 * 60_000,
    hookTimeout: 3 * 60_000,
  },
});
