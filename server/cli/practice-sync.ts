import { fail, loadConfigOrExit, messageOf } from './cli-support.ts';
import { openDentalConnectorFromConfig } from '../adapters/pms/opendental/opendental-connector.ts';
import { systemClock } from '../clock.ts';
import { describeDatabase, openDatabase } from '../db/open-database.ts';
import { loadConfiguredSetup } from '../features/pms-sync/practice-sync-repository.ts';
import { buildSyncResult, readOfficeSetup } from '../features/pms-sync/practice-sync.ts';
import { findPracticeByFormUrl } from '../features/practices/practices-repository.ts';

/**
 * `npm run practice:sync -- <form_url>`: reads the clinics, providers and operatories of the
 * practice's Open Dental and prints them as configuration-file JSON (stdout), split into what is
 * offered online now and what is not; notes and instructions go to stderr. Changes nothing.
 */
async function main(args: string[]): Promise<void> {
  const formUrl = args[0];
  if (args.length !== 1 || !formUrl) fail('Usage: npm run practice:sync -- <form_url>');
  const config = loadConfigOrExit();
  const connector = openDentalConnectorFromConfig(config.openDental, { clock: systemClock });
  if (!connector) fail('OPENDENTAL_DEVELOPER_KEY is not set: set it (and OPENDENTAL_API_URL for a test server) to read from Open Dental.');

  const db = await openDatabase(config).catch((error: unknown) => fail(`Could not open the database (${describeDatabase(config)}): ${messageOf(error)}`));
  try {
    const practice = await findPracticeByFormUrl(db, formUrl);
    if (!practice) fail(`No practice has the form_url "${formUrl}" in ${describeDatabase(config)}.`);
    if (practice.pms.type !== 'opendental') fail(`Practice "${formUrl}" does not use Open Dental (its pms.type is "${practice.pms.type}").`);
    const configured = await loadConfiguredSetup(db, practice.id);
    console.error(`Reading clinics, providers and operatories from Open Dental at ${config.openDental.apiUrl} (about one request a second)…`);
    const office = await readOfficeSetup(connector.clientFor(practice.pms.customer_key)).catch((error: unknown) => fail(`Open Dental did not answer: ${messageOf(error)}`));
    const result = buildSyncResult(office, configured);

    console.log(JSON.stringify({ form_url: formUrl, offered: result.offered, not_offered: result.not_offered }, null, 2));
    const count = (lists: typeof result.offered) => `${lists.clinics.length} clinics, ${lists.providers.length} providers, ${lists.operatories.length} operatories`;
    console.error(`\nOffered online now: ${count(result.offered)}. Not offered: ${count(result.not_offered)}.`);
    for (const note of result.notes) console.error(`  note: ${note}`);
    console.error(
      [
        '',
        'To change what is offered: in your configuration file, replace this practice\'s "clinics", "providers" and',
        '"operatories" with the lists under "offered", moving entries from "not_offered" to offer them online,',
        'then run npm run practice:import -- <file>. Nothing was changed by this command.',
      ].join('\n'),
    );
  } finally {
    await db.close();
  }
}

await main(process.argv.slice(2));
