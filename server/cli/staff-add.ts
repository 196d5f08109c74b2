import { linkBaseUrl, loadConfigOrExit, messageOf } from './cli-support.ts';
import { systemClock } from '../clock.ts';
import { describeDatabase, openDatabase } from '../db/open-database.ts';
import { parseStaffAddArgs } from '../features/console/staff/staff-add-args.ts';
import { addStaffFromCli, StaffAddRefused } from '../features/console/staff/staff-add-service.ts';
import { PASSWORD_LINK_HOURS } from '../features/console/staff/staff-accounts-service.ts';

// 2: what was typed cannot be done (usage, unknown practice or role, an e-mail taken); 1: anything else.
function refuse(message: string): never {
  console.error(message);
  process.exit(2);
}

/**
 * `npm run staff:add -- --practice <form_url> --email <e-mail> --role owner|front_desk|operator [--name …]`
 * (ADR 0038): adds a staff account and prints the one-time link that sets its password. The link
 * goes to stdout alone, so a script can capture it; what happened goes to stderr.
 */
async function main(argv: string[]): Promise<void> {
  const parsed = parseStaffAddArgs(argv);
  if (!parsed.ok) refuse(parsed.message);
  const { args } = parsed;
  const config = loadConfigOrExit();
  const db = await openDatabase(config).catch((error: unknown) => {
    console.error(`Could not open the database (${describeDatabase(config)}): ${messageOf(error)}`);
    process.exit(1);
  });
  try {
    const added = await addStaffFromCli(db, args, { publicUrl: linkBaseUrl(config), now: systemClock.now() });
    await db.close();
    const who =
      `${args.email.toLowerCase()} (${args.role}) ` +
      (added.resent
        ? `was invited to ${args.formUrl} and has not set a password yet: a fresh link`
        : `${added.created ? 'was added to' : 'now also belongs to'} ${args.formUrl}`);
    if (added.link) {
      console.error(`${who}. This link sets the password; it works once, for ${PASSWORD_LINK_HOURS.invite} hours:`);
      console.log(added.link);
    } else {
      console.error(`${who}. It signs in with the password it has.`);
    }
  } catch (error) {
    await db.close().catch(() => undefined);
    if (error instanceof StaffAddRefused) refuse(error.message);
    console.error(`Failed: ${messageOf(error)}`);
    process.exit(1);
  }
}

await main(process.argv.slice(2));
