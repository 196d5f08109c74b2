import type {
  BookingActor,
  BookingEventDetail,
  BookingEventType,
  PracticeEventType,
} from '#domain/booking/booking-events.ts';
import type { BookingStatus } from '#domain/booking/booking-lifecycle.ts';
import type { Queryable } from '../../db/database.ts';

/** Where a booking stood before or after a change: what subscribers and the history compare (ADR 0069). */
export interface BookingSnapshot {
  status: BookingStatus;
  starts_at: string | null;
  /** Absent on events written before subscribers needed it (a move's old end, for Open Dental's move back). */
  ends_at?: string | null;
  provider: number;
  chair: number;
}

/**
 * One booking's event, numbered after its last one. The caller holds the booking's row lock (every writer does), so
 * two changes of one booking never read the same last number.
 */
export async function insertBookingEvent(
  tx: Queryable,
  event: {
    bookingId: string;
    practiceId: string;
    type: BookingEventType;
    actor: BookingActor;
    before: BookingSnapshot | null;
    after: BookingSnapshot;
    detail?: BookingEventDetail | null;
    at: Date;
  },
): Promise<{ id: string; sequence: number }> {
  const [row] = await tx.query<{ id: string; sequence: number }>(
    `insert into booking_events (booking_id, practice_id, sequence, type, actor, before, after, created_at, detail)
     select $1, $2, coalesce(max(sequence), 0) + 1, $3, $4, $5, $6, $7, $8 from booking_events where booking_id = $1
     returning id, sequence`,
    [
      event.bookingId,
      event.practiceId,
      event.type,
      JSON.stringify(event.actor),
      event.before ? JSON.stringify(event.before) : null,
      JSON.stringify(event.after),
      event.at.toISOString(),
      event.detail && Object.keys(event.detail).length > 0 ? JSON.stringify(event.detail) : null,
    ],
  );
  return row!;
}

/** A change with the practice as its subject: times opened or closed without a booking changing. */
export async function insertPracticeEvent(
  tx: Queryable,
  event: { practiceId: string; type: PracticeEventType; actor: BookingActor; after: unknown; at: Date },
): Promise<{ id: string }> {
  const [row] = await tx.query<{ id: string }>(
    `insert into booking_events (practice_id, type, actor, after, created_at) values ($1, $2, $3, $4, $5)
     returning id`,
    [
      event.practiceId,
      event.type,
      JSON.stringify(event.actor),
      JSON.stringify(event.after ?? null),
      event.at.toISOString(),
    ],
  );
  return row!;
}

export interface BookingEventRow {
  /** 0 and below: back-filled by migration 0035 for a booking made before events were kept (no before or after). */
  sequence: number;
  type: BookingEventType;
  actor: BookingActor;
  before: BookingSnapshot | null;
  after: BookingSnapshot;
  detail: BookingEventDetail | null;
  created_at: Date;
}

/** A booking's events, oldest first. */
export async function findBookingEvents(db: Queryable, bookingId: string): Promise<BookingEventRow[]> {
  return db.query<BookingEventRow>(
    `select sequence, type, actor, before, after, detail, created_at from booking_events
      where booking_id = $1 order by sequence`,
    [bookingId],
  );
}

/** One event as its subscribers read it (ADR 0069); practice-level events have no booking and no sequence. */
export interface StoredBookingEvent {
  id: string;
  booking_id: string | null;
  practice_id: string;
  sequence: number | null;
  type: BookingEventType;
  actor: BookingActor;
  before: BookingSnapshot | null;
  after: unknown;
  detail: BookingEventDetail | null;
  created_at: Date;
}

export async function findBookingEventById(db: Queryable, eventId: string): Promise<StoredBookingEvent | null> {
  const [row] = await db.query<StoredBookingEvent>(
    `select id, booking_id, practice_id, sequence, type, actor, before, after, detail, created_at
       from booking_events where id = $1`,
    [eventId],
  );
  return row ?? null;
}

/** How many of a booking's events of this type came after `sequence`: what a subscriber undoes to tell its own. */
export async function countLaterEvents(
  db: Queryable,
  event: { bookingId: string; sequence: number; type: BookingEventType },
): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from booking_events where booking_id = $1 and sequence > $2 and type = $3`,
    [event.bookingId, event.sequence, event.type],
  );
  return row?.n ?? 0;
}
