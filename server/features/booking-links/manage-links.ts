import { managePagePath } from '#domain/booking/manage-schemas.ts';
import type { Queryable } from '../../db/database.ts';
import { mintBookingLink } from './booking-links.ts';

/**
 * A manage link of its own for one carrier (a message, the booking page's answer), minted in the
 * carrier's transaction: `{ path }` for the page, `url(publicUrl)` for a message.
 */
export async function mintManageLink(
  tx: Queryable,
  link: { appointmentId: string; formUrl: string; carriedBy: string; now: Date },
): Promise<{ token: string; path: string; url: (publicUrl: string) => string }> {
  const token = await mintBookingLink(tx, {
    appointmentId: link.appointmentId,
    purpose: 'manage',
    carriedBy: link.carriedBy,
    now: link.now,
  });
  const path = managePagePath(link.formUrl, token);
  return { token, path, url: (publicUrl) => `${new URL(publicUrl).origin}${path}` };
}
