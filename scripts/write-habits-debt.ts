import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { DEBT_FILE, ROOT, isProductCode, measure, trackedFiles } from './code-habits.ts';

/**
 * `npm run habits:debt`: measures every code habit over the whole tree and rewrites
 * scripts/code-habits-debt.json with today's offenders (ADR 0044). Run it when the habits check
 * says a debt was paid or moved; review the diff, since it also records a new offender.
 * `npm test` never writes the file.
 */
const files = trackedFiles();
const debt = await measure(files, files.filter(isProductCode));
const about = [
  "Today's offenders of the code habits (ADR 0044). npm test fails on a new offender, on a figure above",
  'the one recorded here, and on a recorded offender that no longer offends (this list only shrinks).',
  'Each rule names its target; the distance is today - target. Regenerate with `npm run habits:debt`.',
];
const path = join(ROOT, DEBT_FILE);
const options = { ...(await prettier.resolveConfig(path)), filepath: path };
writeFileSync(path, await prettier.format(JSON.stringify({ about, ...debt }, null, 2), options));
for (const [key, entry] of Object.entries(debt)) {
  console.log(`${key.padEnd(16)} today ${String(entry.today).padStart(4)}, target ${entry.target}: ${entry.rule}`);
}
