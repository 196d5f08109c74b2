import { fail, loadConfigOrExit, messageOf } from './cli-support.ts';
import { resolve } from 'node:path';
import { describeDatabase, openDatabase } from '../db/open-database.ts';
import { findDeploymentProblems } from '#domain/practice/practice-deployment-rules.ts';
import { importPracticeConfig, readPracticeConfigFile } from '../features/practices/practice-import.ts';

/**
 * `npm run practice:import -- [--force] <file.json>`: validate the whole file, then import it in one transaction.
 * `--force` imports a file older than the stored settings even though it undoes newer changes (ADR 0079).
 */
async function main(argv: string[]): Promise<void> {
  const force = argv.includes('--force');
  const args = argv.filter((arg) => arg !== '--force');
  if (args.length !== 1 || !args[0]) fail('Usage: npm run practice:import -- [--force] <file.json>');
  // npm runs scripts from the package root; INIT_CWD is where the operator typed the command.
  const path = resolve(process.env.INIT_CWD ?? process.cwd(), args[0]);
  const config = loadConfigOrExit();

  const parsed = await readPracticeConfigFile(path);
  if (!parsed.ok) {
    fail([`Nothing imported: ${parsed.problems.length} problem(s) in ${path}`, ...parsed.problems].join('\n'));
  }
  // What this server can do: no paid reason without Stripe in production (ADR 0029).
  const refused = findDeploymentProblems(parsed.value.practices, config.offers);
  if (refused.length > 0)
    fail([`Nothing imported: ${refused.length} problem(s) in ${path} on this server`, ...refused].join('\n'));

  const db = await openDatabase(config).catch((error: unknown) =>
    fail(`Could not open the database (${describeDatabase(config)}): ${messageOf(error)}`),
  );
  try {
    const summary = await importPracticeConfig(db, parsed.value, { offers: config.offers, force });
    console.log(`Imported ${path} into ${describeDatabase(config)}:`);
    for (const practice of summary) {
      const what = practice.created ? 'created' : practice.changed > 0 ? 'updated' : 'unchanged';
      console.log(`${what} ${practice.form_url} (settings version ${practice.version})`);
    }
  } catch (error) {
    await db.close().catch(() => undefined);
    fail(`Import failed, nothing changed: ${messageOf(error)}`);
  }
  await db.close();
}

await main(process.argv.slice(2));
