import { consentWords, type ConsentPlace } from '#domain/booking/booking-texts.ts';
import { normaliseEmail, normalisePhone, normaliseRecipient } from '#domain/verification/contact-normalisation.ts';
import type { Queryable } from '../../db/database.ts';
import { insertConsents, latestConsent, type ConsentChannel, type ConsentRow } from './consent-repository.ts';

// What other features may use of this one's storage (ADR 0073): they import it from here, not from the repository.
export { findPracticeLastConsentedTo, insertConsents } from './consent-repository.ts';

/** The booking a consent decision belongs to: the addresses it gave, and where and when it was made. */
interface BookingContacts {
  practiceId: string;
  practiceName: string;
  appointmentId: string;
  email: string;
  phone: string;
  ip: string;
  at: Date;
}

/**
 * The booking's one box covers e-mail and text together (spec section 2), so it records two
 * decisions, one per channel, with the words the page showed, the time and the address it came from.
 */
export async function recordBookingConsent(
  tx: Queryable,
  booking: BookingContacts & { place: ConsentPlace },
): Promise<void> {
  const words = consentWords(booking.place, booking.practiceName);
  await insertBookingConsents(tx, booking, { granted: true, source: booking.place, words });
}

/**
 * A booking staff made for a patient who phoned (ADR 0038): staff asked whether the practice may
 * contact them and record the answer, agreed or not, per channel given, with source 'staff'.
 */
export async function recordStaffTakenConsent(
  tx: Queryable,
  booking: BookingContacts & { granted: boolean },
): Promise<void> {
  // practice-facing: what staff were asked to put to the patient (the console shows the question).
  const words =
    `Asked by phone: may ${booking.practiceName} contact you by e-mail and text about your ` +
    `appointments? ${booking.granted ? 'Yes' : 'No'}`;
  await insertBookingConsents(tx, booking, { granted: booking.granted, source: 'staff', words });
}

/** One decision per channel the booking gave an address for, in its transaction. */
async function insertBookingConsents(
  tx: Queryable,
  booking: Omit<BookingContacts, 'practiceName'>,
  decision: Pick<ConsentRow, 'granted' | 'source' | 'words'>,
): Promise<void> {
  const common = {
    practiceId: booking.practiceId,
    appointmentId: booking.appointmentId,
    ...decision,
    ip: booking.ip,
    recordedAt: booking.at,
  };
  const rows: ConsentRow[] = [];
  const email = normaliseEmail(booking.email);
  const phone = normalisePhone(booking.phone);
  if (email) rows.push({ ...common, channel: 'email', recipient: email });
  if (phone) rows.push({ ...common, channel: 'sms', recipient: phone });
  await insertConsents(tx, rows);
}

/**
 * Whether the practice may message this recipient on this channel: the newest recorded decision
 * says so. A recipient with no decision at all has not consented.
 */
export async function mayContact(
  db: Queryable,
  practiceId: string,
  channel: ConsentChannel,
  rawRecipient: string,
): Promise<boolean> {
  return (await newestDecision(db, practiceId, channel, rawRecipient))?.granted ?? false;
}

/**
 * Whether the newest decision for this practice, channel and recipient is a refusal. Unlike
 * mayContact, a recipient with no decision has not opted out: texts whose sender checked consent
 * some other way (a review request an operator marked as consented) still go.
 */
export async function hasOptedOut(
  db: Queryable,
  practiceId: string,
  channel: ConsentChannel,
  rawRecipient: string,
): Promise<boolean> {
  return (await newestDecision(db, practiceId, channel, rawRecipient))?.granted === false;
}

/**
 * A STOP or START texted to a number that several practices may share (ADR 0033). Twilio blocks
 * or unblocks the patient for every practice sending from that number, so the ledger follows: a
 * STOP is an opt-out for every practice on it. A START lifts only opt-outs that were texted (one
 * given on the manage page or to staff stands), and grants nothing to a practice the patient never
 * dealt with. `words` is what the patient sent.
 */
export async function recordTextedKeyword(
  tx: Queryable,
  reply: { practiceIds: readonly string[]; phone: string; isOptOut: boolean; words: string; at: Date },
): Promise<void> {
  const rows: ConsentRow[] = [];
  for (const practiceId of reply.practiceIds) {
    if (!reply.isOptOut) {
      const latest = await latestConsent(tx, { practiceId, channel: 'sms', recipient: reply.phone });
      if (latest?.granted !== false || latest.source !== 'sms_reply') continue;
    }
    rows.push({
      practiceId,
      appointmentId: null,
      channel: 'sms',
      recipient: reply.phone,
      granted: !reply.isOptOut,
      source: 'sms_reply',
      words: reply.words,
      ip: null,
      recordedAt: reply.at,
    });
  }
  await insertConsents(tx, rows);
}

/** The newest decision for a recipient as typed (normalised as the one-time codes are); null without one. */
async function newestDecision(db: Queryable, practiceId: string, channel: ConsentChannel, rawRecipient: string) {
  const recipient = normaliseRecipient(channel === 'email' ? 'email' : 'text', rawRecipient);
  return recipient ? latestConsent(db, { practiceId, channel, recipient }) : null;
}
