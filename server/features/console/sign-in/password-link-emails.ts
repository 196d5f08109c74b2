import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../../db/database.ts';
import { enqueueEmail } from '../../../jobs/message-jobs.ts';
import {
  PASSWORD_LINK_HOURS,
  type PasswordLinkPurpose,
  mintPasswordLink,
  passwordLinkUrl,
} from '../staff/staff-accounts-service.ts';

// Staff-only texts: the console speaks English (ADR 0038); no patient receives these.
const TEXTS: Record<PasswordLinkPurpose, (practiceName: string, url: string) => { subject: string; text: string }> = {
  invite: (practiceName, url) => ({
    subject: `You are invited to ${practiceName}'s console on Chairtime`,
    text: [
      `You have been invited to the staff console of ${practiceName}.`,
      '',
      `Set your password here (the link works once, for ${PASSWORD_LINK_HOURS.invite} hours):`,
      url,
      '',
      'If you did not expect this, you can ignore this e-mail.',
    ].join('\n'),
  }),
  reset: (_practiceName, url) => ({
    subject: 'Set a new password for the Chairtime console',
    text: [
      'Someone asked to reset the password of your Chairtime staff account.',
      '',
      `Set a new password here (the link works once, for ${PASSWORD_LINK_HOURS.reset} hour):`,
      url,
      '',
      'If it was not you, ignore this e-mail: your password stays as it is.',
    ].join('\n'),
  }),
};

/**
 * Mints a one-time link and queues the e-mail that carries it, in the caller's transaction. The
 * text holds a secret, so the job drops it once sent (the local outbox keeps its copy).
 */
export async function emailPasswordLink(
  tx: Queryable,
  link: {
    accountId: string;
    email: string;
    purpose: PasswordLinkPurpose;
    practiceId: string | null;
    practiceName: string;
    publicUrl: string;
    now: Date;
  },
): Promise<void> {
  const token = await mintPasswordLink(tx, link.accountId, link.purpose, link.now);
  const { subject, text } = TEXTS[link.purpose](link.practiceName, passwordLinkUrl(link.publicUrl, token));
  const expiresAt = new Date(link.now.getTime() + PASSWORD_LINK_HOURS[link.purpose] * 3600_000);
  await enqueueEmail(
    tx,
    {
      to: link.email,
      subject,
      text,
      idempotencyKey: `staff-password-link:${randomUUID()}`,
      ...(link.practiceId ? { practiceId: link.practiceId } : {}),
    },
    { isSecret: true, expiresAt },
  );
}

/**
 * An owner invited an address that has an account of another practice (ADR 0040). The owner's answer
 * is the one any invitation gets, so only the holder learns of it, here: e-mails are unique across
 * the deployment, so they need another address to join that practice too.
 */
export async function emailInvitationOfTakenAddress(
  tx: Queryable,
  notice: { email: string; practiceId: string; practiceName: string },
): Promise<void> {
  await enqueueEmail(tx, {
    to: notice.email,
    subject: `${notice.practiceName} invited this address to its console on Chairtime`,
    text: [
      `The staff console of ${notice.practiceName} invited this address,`,
      'but it already has a Chairtime staff account, and an address belongs to one account only.',
      '',
      `If you work at ${notice.practiceName} too, ask them to invite another address of yours. Your account and`,
      'its password stay as they are.',
      '',
      'If you did not expect this, you can ignore this e-mail.',
    ].join('\n'),
    idempotencyKey: `staff-invitation-of-taken-address:${randomUUID()}`,
    practiceId: notice.practiceId,
  });
}
