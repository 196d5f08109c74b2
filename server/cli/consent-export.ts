import { fail, loadConfigOrExit, messageOf } from './cli-support.ts';
import { describeDatabase, openDatabase } from '../db/open-database.ts';
import { consentLedgerCsv } from '../features/consent/consent-ledger-csv.ts';
import { listPracticeConsents } from '../features/consent/consent-repository.ts';
import { findPracticeByFormUrl } from '../features/practices/practices-repository.ts';

/**
 * `npm run consent:export -- <form_url> > consents.csv`: every consent decision of one practice
 * (ADR 0037), oldest first. Only the CSV goes to stdout, so it can be redirected to a file.
 */
async function main(args: string[]): Promise<void> {
  const formUrl = args[0];
  if (args.length !== 1 || !formUrl) fail('Usage: npm run consent:export -- <form_url> > consents.csv');
  const config = loadConfigOrExit();
  const db = await openDatabase(config).catch((error: unknown) =>
    fail(`Could not open the database (${describeDatabase(config)}): ${messageOf(error)}`),
  );
  let csv: string;
  try {
    const practice = await findPracticeByFormUrl(db, formUrl);
    if (!practice) {
      await db.close();
      fail(`No practice has the form_url "${formUrl}".`);
    }
    csv = consentLedgerCsv(await listPracticeConsents(db, practice.id));
  } catch (error) {
    await db.close().catch(() => undefined);
    fail(`Export failed: ${messageOf(error)}`);
  }
  await db.close();
  process.stdout.write(csv);
}

await main(process.argv.slice(2));
