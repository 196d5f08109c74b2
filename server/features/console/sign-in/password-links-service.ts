import type { PasswordLink } from '#domain/staff/staff-accounts-schemas.ts';
import type { Clock } from '../../../clock.ts';
import type { Database } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import { hashLinkToken, isWellFormedLinkToken } from '../../booking-links/link-tokens.ts';
import { findPracticeById } from '../../practices/practices-service.ts';
import { hashPassword } from './password-hashing.ts';
import { emailPasswordLink } from './password-link-emails.ts';
import {
  countResetLinksSince,
  findLivePasswordLink,
  listAccountPracticeIds,
  lockAccount,
  spendPasswordLinks,
} from './password-links-repository.ts';
import { findAccountByEmail, setPasswordHash } from '../staff/staff-accounts-repository.ts';
import { checkNewPassword } from '../staff/staff-accounts-service.ts';
import { insertAudit } from '../audit/staff-audit-repository.ts';
import { endAccountSessions } from './staff-sessions-repository.ts';
import { normaliseStaffEmail } from './staff-sign-in-service.ts';

/** Reset e-mails per account per hour; more requests get the same answer and send nothing. */
export const RESET_EMAILS_PER_HOUR = 3;

// One answer for a used, expired, malformed or unknown link, and for a deactivated account's.
const LINK_GONE = () => AppError.notFound('This link has expired or was used already. Ask for a new one.');

export interface PasswordLinksDeps {
  db: Database;
  clock: Clock;
  publicUrl: string;
}

export function createPasswordLinks(deps: PasswordLinksDeps) {
  const { db, clock } = deps;

  async function liveLink(token: string) {
    // A malformed token costs no query.
    if (!isWellFormedLinkToken(token)) throw LINK_GONE();
    const link = await findLivePasswordLink(db, hashLinkToken(token), clock.now());
    if (!link) throw LINK_GONE();
    return link;
  }

  return {
    async describe(token: string): Promise<PasswordLink> {
      const link = await liveLink(token);
      return { email: link.email, purpose: link.purpose };
    },

    /** Sets the password, spends the link, and ends every session the account has open. */
    async setPassword(token: string, password: string, ip: string): Promise<{ email: string }> {
      const link = await liveLink(token);
      checkNewPassword(password, link.email);
      const passwordHash = await hashPassword(password);
      const now = clock.now();
      const tokenHash = hashLinkToken(token);
      await db.transaction(async (tx) => {
        // Two tabs sending the same link: the second finds it spent.
        if (!(await spendPasswordLinks(tx, tokenHash, link.account_id, now))) throw LINK_GONE();
        await setPasswordHash(tx, link.account_id, passwordHash, now);
        const ended = await endAccountSessions(tx, link.account_id, 'password_changed', now);
        // The account has no session here: the row is its own, in each practice it belongs to.
        for (const practiceId of await listAccountPracticeIds(tx, link.account_id)) {
          await insertAudit(
            tx,
            { accountId: link.account_id, email: link.email, practiceId, ip },
            {
              action: 'account.set_password',
              targetType: 'staff_account',
              targetId: link.account_id,
              details: { purpose: link.purpose, sessions_ended: ended },
            },
            now,
          );
        }
      });
      return { email: link.email };
    },

    /**
     * A reset link for an active account, by e-mail, at most RESET_EMAILS_PER_HOUR an hour. Says
     * nothing of whether the account exists: the caller answers the same either way.
     */
    async requestReset(emailTyped: string): Promise<void> {
      const email = normaliseStaffEmail(emailTyped);
      const account = await findAccountByEmail(db, email);
      if (!account || account.deactivated_at) return;
      const now = clock.now();
      await db.transaction(async (tx) => {
        await lockAccount(tx, account.id);
        if ((await countResetLinksSince(tx, account.id, new Date(now.getTime() - 3600_000))) >= RESET_EMAILS_PER_HOUR)
          return;
        const [practiceId] = await listAccountPracticeIds(tx, account.id);
        const practice = practiceId ? await findPracticeById(tx, practiceId) : null;
        await emailPasswordLink(tx, {
          accountId: account.id,
          email: account.email,
          purpose: 'reset',
          practiceId: practiceId ?? null,
          practiceName: practice?.name ?? 'Chairtime',
          publicUrl: deps.publicUrl,
          now,
        });
      });
    },
  };
}
export type PasswordLinks = ReturnType<typeof createPasswordLinks>;
