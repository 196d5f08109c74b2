import { expect } from 'vitest';
import type { Queryable } from '#server/db/database.ts';

/** SQL checks over everything a soak wrote: what must hold however the requests interleaved. */

const ACTIVE = `('booked', 'pending_payment')`;

/** Pairs of active appointments of one provider, or in one chair, whose times overlap (invariant 1). */
export async function overlappingPairs(db: Queryable): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from appointments a join appointments b on a.id < b.id and a.practice_id = b.practice_id
       and (a.pms_prov_num = b.pms_prov_num or a.pms_op_num = b.pms_op_num)
       and tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at)
     where a.status in ${ACTIVE} and b.status in ${ACTIVE}`,
  );
  return row!.n;
}

/** Acknowledged bookings (a 2xx with this id and e-mail) that the database does not hold as booked. */
export async function missingBookings(
  db: Queryable,
  bookings: { appointmentId: string; email: string }[],
): Promise<string[]> {
  const rows = await db.query<{ id: string; email: string; status: string }>(
    'select id, email, status from appointments where id = any($1::uuid[])',
    [bookings.map((b) => b.appointmentId)],
  );
  const stored = new Map(rows.map((row) => [row.id, row]));
  return bookings
    .filter((b) => stored.get(b.appointmentId)?.status !== 'booked' || stored.get(b.appointmentId)?.email !== b.email)
    .map((b) => b.appointmentId);
}

/** E-mail addresses booked more than once: every soak booking has an address of its own. */
export async function bookedTwice(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ email: string }>(
    `select email from appointments where status <> 'expired' group by email having count(*) > 1`,
  );
  return rows.map((row) => row.email);
}

/**
 * Rows that only a half-applied booking transaction would leave: a booking without its patient
 * or its two messages, messages or idempotent answers about a booking that does not exist, a
 * patient nobody booked for. Each count must be zero.
 */
export async function halfWrittenRows(db: Queryable): Promise<Record<string, number>> {
  const count = async (sql: string) => (await db.query<{ n: number }>(`select count(*)::int as n from ${sql}`))[0]!.n;
  return {
    'booking without its patient': await count(
      `appointments a where a.status = 'booked' and (a.patient_id is null or not exists (select 1 from patients
         p where p.id = a.patient_id))`,
    ),
    'booking without its confirmation job': await count(
      `appointments a where a.status = 'booked' and not exists (select 1 from jobs j where j.dedupe_key =
         'email:booking-confirmation:' || a.id)`,
    ),
    'booking without its practice notification job': await count(
      `appointments a join practices p on p.id = a.practice_id where a.status = 'booked' and p.notification_email is
         not null
         and not exists (select 1 from jobs j where j.dedupe_key = 'email:booking-notification:' || a.id)`,
    ),
    'message job about a booking that does not exist': await count(
      `jobs j where j.dedupe_key ~ '^email:booking-(confirmation|notification):'
         and not exists (select 1 from appointments a where a.id::text = split_part(j.dedupe_key, ':', 3))`,
    ),
    'idempotent answer naming a booking that does not exist': await count(
      `idempotency_keys k where not exists (select 1 from appointments a where a.id::text =
         k.response_body->'result'->>'appointment_id')`,
    ),
    'patient without a booking': await count(
      `patients p where not exists (select 1 from appointments a where a.patient_id = p.id)`,
    ),
  };
}

/**
 * The invariants every soak run ends on: no two live bookings overlap, every acknowledged booking
 * is stored once and booked once, and no transaction left half its rows. Call it after
 * `waitForMessagesToSettle`: a booking's message jobs follow its event's subscribers.
 */
export async function expectBookingsIntact(db: Queryable, acknowledged: Parameters<typeof missingBookings>[1]) {
  expect(await overlappingPairs(db)).toBe(0);
  expect(await missingBookings(db, acknowledged)).toEqual([]);
  expect(await bookedTwice(db)).toEqual([]);
  expect(Object.entries(await halfWrittenRows(db)).filter(([, n]) => n > 0)).toEqual([]);
}

/**
 * Waits (bounded) until no booking event's subscriber job and no message job is queued or running; returns the
 * message jobs per status. A booking's messages are queued by its event's subscribers after it commits (ADR 0069), so
 * a booking has its message jobs only once those have run. Only messages and subscribers: the review-request sweep is
 * always queued for later, by design (ADR 0013).
 */
export async function waitForMessagesToSettle(db: Queryable, timeoutMs: number): Promise<Record<string, number>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [pending] = await db.query<{ n: number }>(
      `select count(*)::int as n from jobs where type like 'booking-event:%' and status in ('queued', 'running')`,
    );
    const rows = await db.query<{ status: string; n: number }>(
      `select status, count(*)::int as n from jobs where type in ('email.send', 'sms.send') group by status`,
    );
    const byStatus = Object.fromEntries(rows.map((row) => [row.status, row.n]));
    if (!pending!.n && !byStatus.queued && !byStatus.running) return byStatus;
    if (Date.now() > deadline) return byStatus;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
