import { consentWords, type ConsentPlace } from '#domain/booking/booking-texts.ts';
import { normaliseEmail, normalisePhone } from '#domain/verification/contact-normalisation.ts';
import type { Queryable } from '../../db/database.ts';
import { insertConsents, latestConsent, type ConsentChannel, type ConsentRow } from './consent-repository.ts';

/**
 * The booking's one box covers e-mail and text together (spec section 2), so it records two
 * decisions, one per channel, with the words the page showed, the time and the address it came from.
 */
export async function recordBookingConsent(
  tx: Queryable,
  booking: { practiceId: string; practiceName: string; appointmentId: string; email: string; phone: string; place: ConsentPlace; ip: string; at: Date },
): Promise<void> {
  const words = consentWords(booking.place, booking.practiceName);
  const common = { practiceId: booking.practiceId, appointmentId: booking.appointmentId, granted: true, source: booking.place, words, ip: booking.ip, recordedAt: booking.at } as const;
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
export async function mayContact(db: Queryable, practiceId: string, channel: ConsentChannel, rawRecipient: string): Promise<boolean> {
  const recipient = channel === 'email' ? normaliseEmail(rawRecipient) : normalisePhone(rawRecipient);
  if (!recipient) return false;
  return (await latestConsent(db, { practiceId, channel, recipient }))?.granted ?? false;
}
