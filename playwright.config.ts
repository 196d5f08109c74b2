import { defineConfig, devices } from '@playwright/test';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS } from './bench/bench-chromium.ts';

/**
 * End-to-end tests against the real server (built SPA, local adapters) on a fresh embedded
 * database, driven by Debian's Chromium. The config is evaluated again in each worker, so the
 * port and data folder are fixed once in the runner process and inherited through the env.
 */
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromiumPath)) {
  // Never skip silently: a missing browser fails the run (and must in CI).
  throw new Error(`No Chromium at ${chromiumPath}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.`);
}
if (!existsSync('dist/web/index.html')) {
  throw new Error('dist/web is missing: run `npm run build` before the end-to-end tests.');
}

// Each worker has a server and database of its own, so tests running side by side never book each
// other's slots. Ports of this run's own (set once in the main process; workers inherit them), so
// two suites on one machine (a developer's and CI's) never talk to each other's server.
const workers = Number(process.env.E2E_WORKERS ?? 2);
process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 20_000));
if (!process.env.E2E_DATA_DIR) {
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-'));
  process.env.E2E_DATA_DIR = dataDir;
  process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}
const dataRoot = process.env.E2E_DATA_DIR;
const servers = Array.from({ length: workers }, (_, index) => ({
  port: Number(process.env.E2E_PORT) + index,
  dataDir: join(dataRoot, `server-${index}`),
}));
const baseURLs = servers.map(({ port }) => `http://127.0.0.1:${port}`);
// Read by e2e/fixtures.ts, which gives each worker its own server's address as baseURL.
process.env.E2E_BASE_URLS = baseURLs.join(' ');
const baseURL = baseURLs[0];

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers,
  forbidOnly: process.env.CI === 'true',
  retries: process.env.CI === 'true' ? 1 : 0,
  // The HTML report keeps every attached step screenshot (e2e/booking-walkthrough.spec.ts) after the run.
  reporter: [['list'], ['html', { open: 'never' }]],
  // The verification and history walks take 20 to 30 s on a busy two-core machine: room, not retries.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: servers.map(({ port, dataDir }, index) => ({
    command: 'node --import tsx server/main.ts',
    url: `${baseURLs[index]}/api/v1/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      // The address the tests browse: the local checkout's URL is built from it, and its Pay and
      // Cancel forms may only send the browser back to this same origin (CSP form-action).
      PUBLIC_URL: baseURLs[index]!,
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // The suite books a few dozen times from one address, above the per-IP booking limit meant for patients.
      RATE_LIMIT_MULTIPLIER: '10',
      ADMIN_API_KEY: 'e2e-admin-api-key-0123456789abcdef',
      // The demo owner of bright-smile signs in to the staff console (e2e/staff-console.spec.ts).
      DEMO_OWNER_PASSWORD: 'e2e demo owner password',
    },
  })),
});
