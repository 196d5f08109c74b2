#!/usr/bin/env node
// Makes a fresh clone runnable before `npm start` / `npm test`: installs dependencies when they
// are missing or stale, builds the web app when its sources are newer than the build, and (with
// --browser) installs Debian's Chromium for the end-to-end suite. Plain Node: no dependencies.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const args = new Set(process.argv.slice(2));
const run = (command) => execSync(command, { cwd: root, stdio: 'inherit' });
const mtime = (path) => (existsSync(path) ? statSync(path).mtimeMs : 0);

function newestIn(dir) {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestIn(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const installedMarker = join(root, 'node_modules', '.package-lock.json');
if (mtime(installedMarker) < mtime(join(root, 'package-lock.json'))) {
  // `npm ci`: exactly the committed lock (complete for every platform, scripts/lock-file.test.ts),
  // and never a change to a tracked file.
  console.log('Installing dependencies (npm ci)…');
  run('npm ci --no-audit --no-fund');
}

if (args.has('--build')) {
  // The browser's build and the server's (ADR 0072): the older of the two decides.
  const built = Math.min(
    mtime(join(root, 'dist', 'web', 'index.html')),
    mtime(join(root, 'dist', 'ssr', 'entry-server.js')),
  );
  const sources = Math.max(
    newestIn(join(root, 'web')),
    newestIn(join(root, 'domain')),
    mtime(join(root, 'vite.config.ts')),
  );
  if (built < sources) {
    console.log('Building the web app…');
    run('npx vite build --logLevel warn');
    run('npx vite build --ssr src/entry-server.tsx --logLevel warn');
  }
}

if (args.has('--browser')) {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    if (process.getuid?.() === 0) {
      console.log('Installing Chromium for the browser tests (apt-get install chromium)…');
      run('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium');
    } else {
      console.error(
        `Chromium is missing at ${chromium}. Install it (sudo apt-get install -y chromium) or set CHROMIUM_PATH.`,
      );
      process.exit(1);
    }
  }
}
