import type { Queryable } from '../../db/database.ts';
import { endedSql } from '../../db/booking-status-sql.ts';

export type BookingLinkPurpose = 'manage' | 'unsubscribe';

export async function insertBookingLink(
  tx: Queryable,
  link: {
    appointmentId: string;
    purpose: BookingLinkPurpose;
    tokenHash: string;
    carriedBy: string;
    createdAt: Date;
    expiresAt: Date | null;
  },
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `insert into booking_links (appointment_id, practice_id, purpose, token_hash, carried_by, created_at, expires_at)
     select a.id, a.practice_id, $2, $3, $4, $5, $6 from appointments a where a.id = $1
     returning id`,
    [
      link.appointmentId,
      link.purpose,
      link.tokenHash,
      link.carriedBy,
      link.createdAt.toISOString(),
      link.expiresAt?.toISOString() ?? null,
    ],
  );
  if (!row) throw new Error(`No appointment ${link.appointmentId} to link to.`);
  return row.id;
}

export interface LiveBookingLink {
  link_id: string;
  appointment_id: string;
  practice_id: string;
}

/**
 * A link that still opens its booking: not revoked, not expired, and its booking not over for
 * long (ADR 0036, amending ADR 0033): a cancelled booking's page still says so, read-only, for
 * LINK_AFTERLIFE_DAYS after it ended, as does a past visit's after its end; a request without a
 * time opens until it ends. Ending a booking no longer revokes its links.
 */
export async function findLiveBookingLink(
  db: Queryable,
  tokenHash: string,
  purpose: BookingLinkPurpose,
  now: Date,
): Promise<LiveBookingLink | null> {
  const [row] = await db.query<LiveBookingLink>(
    `select l.id as link_id, l.appointment_id, l.practice_id
       from booking_links l join appointments a on a.id = l.appointment_id
      where l.token_hash = $1 and l.purpose = $2 and l.revoked_at is null
        and (l.expires_at is null or l.expires_at > $3)
        and (case when ${endedSql('a.status')} then a.updated_at else coalesce(a.ends_at, $3::timestamptz) end)
            > $3::timestamptz - make_interval(days => ${LINK_AFTERLIFE_DAYS})`,
    [tokenHash, purpose, now.toISOString()],
  );
  return row ?? null;
}

/** How long a link keeps opening after its booking ended or its visit was over. */
export const LINK_AFTERLIFE_DAYS = 30;

export async function revokeBookingLink(db: Queryable, linkId: string, at: Date): Promise<boolean> {
  const rows = await db.query(
    `update booking_links set revoked_at = $2 where id = $1 and revoked_at is null returning id`,
    [linkId, at.toISOString()],
  );
  return rows.length > 0;
}

/** Every live link of a booking (staff revoking a leaked link, erasure). */
export async function revokeBookingLinks(tx: Queryable, appointmentId: string, at: Date): Promise<number> {
  const rows = await tx.query(
    `update booking_links set revoked_at = $2 where appointment_id = $1 and revoked_at is null returning id`,
    [appointmentId, at.toISOString()],
  );
  return rows.length;
}

/** How many links one kind of carrier already minted for a booking (to cap a page that mints per look). */
export async function countBookingLinks(db: Queryable, appointmentId: string, carriedBy: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'select count(*)::int as n from booking_links where appointment_id = $1 and carried_by = $2',
    [appointmentId, carriedBy],
  );
  return row?.n ?? 0;
}
