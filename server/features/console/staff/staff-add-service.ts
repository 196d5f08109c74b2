import type { Database, Queryable } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import {
  findAccountByEmail,
  findAccountById,
  findAccountPractice,
  findPracticeIdByFormUrl,
} from './staff-accounts-repository.ts';
import { normaliseStaffEmail } from '../sign-in/staff-sign-in-service.ts';
import { createStaffAccount, mintPasswordLink, passwordLinkUrl } from './staff-accounts-service.ts';
import { insertAudit } from '../audit/staff-audit-repository.ts';
import type { StaffAddArgs } from './staff-add-args.ts';

/** What the operator typed cannot be done: said plainly, the command exits 2. */
export class StaffAddRefused extends Error {}

export interface StaffAdded {
  accountId: string;
  /** False when an operator that exists was added to one more practice, or an invitation resent. */
  created: boolean;
  /** True when the account was on the practice already, without a password: a fresh link. */
  resent: boolean;
  /** The one-time link that sets the password; null when the account has one already. */
  link: string | null;
}

/**
 * `npm run staff:add`: an account of the practice (an operator: of one more practice) and, until it
 * has a password, a 24-hour link to set one, both in one transaction with its audit row.
 */
export async function addStaffFromCli(
  db: Database,
  args: StaffAddArgs,
  deps: { publicUrl: string; now: Date },
): Promise<StaffAdded> {
  const practiceId = await findPracticeIdByFormUrl(db, args.formUrl);
  if (!practiceId) throw new StaffAddRefused(`No practice has the form_url "${args.formUrl}".`);
  const existing = await findAccountByEmail(db, normaliseStaffEmail(args.email));
  if (existing && existing.role === args.role && (await findAccountPractice(db, existing.id, practiceId))) {
    if (existing.password_hash)
      throw new StaffAddRefused(
        `${existing.email} is already on ${args.formUrl} and has a password. A forgotten password is reset from ` +
          'the console\'s sign-in page ("Forgot your password?").',
      );
    return resendInvitation(db, existing.id, practiceId, deps);
  }
  let link: string | null = null;
  try {
    const { id, created } = await createStaffAccount(
      db,
      { email: args.email, name: args.name, role: args.role, practiceIds: [practiceId] },
      deps.now,
      async (tx, accountId, isNew) => {
        const account = await findAccountById(tx, accountId);
        link = await inviteWithin(tx, accountId, practiceId, deps, {
          mintLink: !account?.password_hash,
          details: { email: account?.email, role: args.role, via: 'cli', created: isNew },
        });
      },
    );
    return { accountId: id, created, resent: false, link };
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 409) {
      throw new StaffAddRefused(
        `${args.email} already has an account (another practice's, or another role): an e-mail belongs to one ` +
          `account, and only operators belong to several practices.`,
      );
    }
    if (error instanceof AppError && error.statusCode < 500) throw new StaffAddRefused(error.message);
    throw error;
  }
}

/**
 * Someone invited who has not set a password yet (the link expired, or was lost): running the
 * command again gives them a fresh link, audited as a resent invitation.
 */
async function resendInvitation(
  db: Database,
  accountId: string,
  practiceId: string,
  deps: { publicUrl: string; now: Date },
): Promise<StaffAdded> {
  return db.transaction(async (tx) => {
    const link = await inviteWithin(tx, accountId, practiceId, deps, {
      mintLink: true,
      details: { via: 'cli', resent: true },
    });
    return { accountId, created: false, resent: true, link };
  });
}

/** The invitation's audit row and, until the account has a password, its one-time link. */
async function inviteWithin(
  tx: Queryable,
  accountId: string,
  practiceId: string,
  deps: { publicUrl: string; now: Date },
  invite: { mintLink: boolean; details: Record<string, unknown> },
): Promise<string | null> {
  const link = invite.mintLink
    ? passwordLinkUrl(deps.publicUrl, await mintPasswordLink(tx, accountId, 'invite', deps.now))
    : null;
  await insertAudit(
    tx,
    { accountId: null, email: 'npm run staff:add', practiceId, ip: null },
    { action: 'staff.invite', targetType: 'staff_account', targetId: accountId, details: invite.details },
    deps.now,
  );
  return link;
}
