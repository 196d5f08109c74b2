import { managePagePath } from '#domain/booking/manage-schemas.ts';
import type { Language } from '#domain/i18n/languages.ts';
import type { Queryable } from '../../db/database.ts';
import { mintBookingLink } from './booking-links.ts';

/**
 * A manage link of its own for one carrier (a message, the booking page's answer), minted in the
 * carrier's transaction: `{ path }` for the page, `url(publicUrl, language)` for a message. A
 * message's link names the booking's language, so the page opens in it whatever the browser
 * prefers; the page's own switch still changes it (ADR 0062).
 */
export async function mintManageLink(
  tx: Queryable,
  link: { appointmentId: string; formUrl: string; carriedBy: string; now: Date },
): Promise<{ token: string; path: string; url: (publicUrl: string, language: Language) => string }> {
  const token = await mintBookingLink(tx, {
    appointmentId: link.appointmentId,
    purpose: 'manage',
    carriedBy: link.carriedBy,
    now: link.now,
  });
  const path = managePagePath(link.formUrl, token);
  return { token, path, url: (publicUrl, language) => `${new URL(publicUrl).origin}${path}?lang=${language}` };
}
