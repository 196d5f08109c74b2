#!/usr/bin/env node
// `node scripts/run-parallel.mjs lint typecheck`: runs npm scripts side by side (the machines have
// two cores; eslint and tsc each use one) and prints each one's output whole when it ends, so the
// logs do not interleave. Exits 1 if any failed, naming it. Plain Node: no dependencies.
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
const runs = names.map(
  (name) =>
    new Promise((resolve) => {
      const started = Date.now();
      const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('close', (code) => {
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        process.stdout.write(
          `\n> npm run ${name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s\n${output}`,
        );
        resolve(code === 0 ? null : name);
      });
    }),
);
const failed = (await Promise.all(runs)).filter(Boolean);
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
