import { fail, loadConfigOrExit, messageOf } from './cli-support.ts';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parsePracticeConfigFile, type PracticeConfig } from '#domain/practice/practice-config-schema.ts';
import {
  openDentalConnectorFromConfig,
  type OpenDentalConnector,
} from '../adapters/pms/opendental/opendental-connector.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { systemClock } from '../clock.ts';
import { describeDatabase, openDatabase } from '../db/open-database.ts';
import { configuredSetupFromFile, mergeSyncIntoPractice } from '../features/opendental/practice-sync-file.ts';
import { loadConfiguredSetup, type ConfiguredSetup } from '../features/opendental/practice-sync-repository.ts';
import { buildSyncResult, readOfficeSetup, type SyncResult } from '../features/opendental/practice-sync.ts';
import { findPracticeByFormUrl } from '../features/practices/practices-repository.ts';

const USAGE = 'Usage: npm run practice:sync -- <form_url> [--write <practice-file.json>]';

/**
 * `npm run practice:sync -- <form_url>`: reads the clinics, providers and operatories of the
 * practice's Open Dental and prints them as configuration-file JSON (stdout), split into what is
 * offered online now (per the database) and what is not. Changes nothing.
 *
 * With `--write <file>`: the practice's entry in that configuration file is brought in line with
 * Open Dental instead (the file, not the database, says what is offered): new entries go under
 * `not_offered`, offered ones keep the operator's names. The operator then moves what should be
 * bookable and runs practice:import.
 *
 * Either way the database is opened, for the office's turn (ADR 0071): every request takes the turn the
 * server processes take, so the command never overlaps their requests to the same office. On PostgreSQL
 * it runs beside the servers; the embedded database belongs to one process (ADR 0065), so there the
 * server is stopped first (the command says so).
 */
async function main(args: string[]): Promise<void> {
  const [formUrl, flag, file, ...rest] = args;
  const writing = flag === '--write';
  if (!formUrl || formUrl.startsWith('-') || rest.length > 0 || (flag !== undefined && (!writing || !file)))
    fail(USAGE);
  const config = loadConfigOrExit();
  if (!config.openDental.developerKey)
    fail(
      'OPENDENTAL_DEVELOPER_KEY is not set: set it (and OPENDENTAL_API_URL for a test server) to read from Open ' +
        'Dental.',
    );
  const db = await openDatabase(config).catch((error: unknown) =>
    fail(`Could not open the database (${describeDatabase(config)}): ${messageOf(error)}`),
  );
  try {
    const connector = openDentalConnectorFromConfig(config.openDental, { clock: systemClock, db })!;
    if (writing) await writeIntoFile(config, connector, formUrl, resolve(process.env.INIT_CWD ?? process.cwd(), file!));
    else await printFromDatabase(config, connector, db, formUrl);
  } finally {
    await db.close();
  }
}

async function readOffice(
  config: Config,
  connector: OpenDentalConnector,
  customerKey: string,
  configured: ConfiguredSetup,
): Promise<SyncResult> {
  console.error(
    `Reading clinics, providers and operatories from Open Dental at ${config.openDental.apiUrl} (about one request ` +
      `a second)…`,
  );
  const office = await readOfficeSetup(connector.clientFor(customerKey)).catch((error: unknown) =>
    fail(`Open Dental did not answer: ${messageOf(error)}`),
  );
  const result = buildSyncResult(office, configured);
  for (const note of result.notes) console.error(`  note: ${note}`);
  return result;
}

const requireOpenDental = (formUrl: string, practice: Pick<PracticeConfig, 'pms'>): string => {
  if (practice.pms.type !== 'opendental')
    fail(`Practice "${formUrl}" does not use Open Dental (its pms.type is "${practice.pms.type}").`);
  // An exported file carries no key (ADR 0079): the stored one is read from the database instead.
  return practice.pms.customer_key ?? fail(`Practice "${formUrl}" has no pms.customer_key in the file.`);
};

async function printFromDatabase(
  config: Config,
  connector: OpenDentalConnector,
  db: Database,
  formUrl: string,
): Promise<void> {
  const practice = await findPracticeByFormUrl(db, formUrl);
  if (!practice) fail(`No practice has the form_url "${formUrl}" in ${describeDatabase(config)}.`);
  const result = await readOffice(
    config,
    connector,
    requireOpenDental(formUrl, practice),
    await loadConfiguredSetup(db, practice.id),
  );

  console.log(JSON.stringify({ form_url: formUrl, offered: result.offered, not_offered: result.not_offered }, null, 2));
  const count = (lists: typeof result.offered) =>
    `${lists.clinics.length} clinics, ${lists.providers.length} providers, ${lists.operatories.length} operatories`;
  console.error(`\nOffered online now: ${count(result.offered)}. Not offered: ${count(result.not_offered)}.`);
  console.error(
    [
      '',
      'To choose what is offered, write these lists into your configuration file with',
      `  npm run practice:sync -- ${formUrl} --write <file>`,
      'then move entries from "not_offered" into "clinics", "providers" or "operatories" and run',
      'npm run practice:import -- <file>. Nothing was changed by this command.',
    ].join('\n'),
  );
}

async function writeIntoFile(
  config: Config,
  connector: OpenDentalConnector,
  formUrl: string,
  path: string,
): Promise<void> {
  const text = await readFile(path, 'utf8').catch((error: unknown) => fail(`Cannot read ${path}: ${messageOf(error)}`));
  let json: { practices?: unknown };
  try {
    json = JSON.parse(text) as { practices?: unknown };
  } catch (error) {
    fail(`${path} is not valid JSON (${messageOf(error)}); nothing written.`);
  }
  const parsed = parsePracticeConfigFile(json);
  if (!parsed.ok)
    fail(
      [`${path} has ${parsed.problems.length} problem(s); fix them first, nothing written:`, ...parsed.problems].join(
        '\n',
      ),
    );
  const index = parsed.value.practices.findIndex((p) => p.form_url === formUrl);
  if (index < 0) fail(`${path} has no practice with the form_url "${formUrl}".`);
  const practice = parsed.value.practices[index]!;
  const result = await readOffice(
    config,
    connector,
    requireOpenDental(formUrl, practice),
    configuredSetupFromFile(practice),
  );

  const rawPractices = json.practices as Record<string, unknown>[];
  const { practice: merged, change } = mergeSyncIntoPractice(rawPractices[index]!, result);
  const updated = { ...json, practices: rawPractices.map((p, i) => (i === index ? merged : p)) };
  // The merge keeps every reference the file had; a file it would break is not written.
  const check = parsePracticeConfigFile(updated);
  if (!check.ok) fail([`The updated file would not validate; nothing written:`, ...check.problems].join('\n'));

  const next = `${JSON.stringify(updated, null, 2)}\n`;
  for (const kept of change.keptMissing)
    console.error(
      `  kept: ${kept} is offered in the file but not bookable in Open Dental; remove it once no reason names it`,
    );
  if (next === text) {
    console.error(`\n${path} already matches Open Dental: nothing changed.`);
    return;
  }
  // Written beside the file and renamed over it: an interrupted write never leaves half a file.
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, next, 'utf8');
  await rename(temporary, path);
  console.error(
    [
      '',
      `Wrote ${path}: ${
        change.added.length > 0
          ? `new under "not_offered": ${change.added.join(', ')}`
          : 'no new entries; Open Dental fields refreshed'
      }.`,
      'To offer an entry online, move it from "not_offered" into "clinics", "providers" or "operatories"',
      '(and name providers in reasons), then run npm run practice:import -- <file>.',
    ].join('\n'),
  );
}

await main(process.argv.slice(2));
