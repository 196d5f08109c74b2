import type { BookingLanguage, BookingStatus } from '#domain/booking/booking-lifecycle.ts';
import type { ReasonTextField, Translations } from '#domain/practice/practice-translations.ts';
import type { Queryable } from '../../db/database.ts';

/** Who a booking is for and who made it, as both a held booking and a checkout's booking carry it. */
interface BookedPerson {
  first_name: string;
  last_name: string;
  dob: string;
  email: string;
  wireless_phone: string;
  patient_status: string | null;
  booker_first_name: string | null;
  booker_last_name: string | null;
}

export interface HeldAppointment extends BookedPerson {
  id: string;
  reference: string;
  practice_id: string;
  status: BookingStatus;
  payment_status: 'pending' | 'paid' | 'unpaid' | 'refund_pending' | 'refunded' | null;
  amount_cents: number | null;
  payment_session_id: string | null;
  payment_intent_id: string | null;
  starts_at: Date | null;
  ends_at: Date | null;
  pms_prov_num: number;
  pms_clinic_num: number | null;
  reason_name: string;
  /** For the patient's messages: the reason in the booking's language (ADR 0034). */
  reason_translations: Translations<ReasonTextField>;
  /** The language the patient booked in (ADRs 0033, 0034): every message to them uses it. */
  language: BookingLanguage;
  message: string;
}

export async function attachSession(
  tx: Queryable,
  appointmentId: string,
  sessionId: string,
  provider: 'stripe' | 'local',
): Promise<void> {
  await tx.query(
    'update appointments set payment_session_id = $2, payment_provider = $3, updated_at = now() where id = $1',
    [appointmentId, sessionId, provider],
  );
}

const SELECT_HELD = `select a.id, a.reference, a.practice_id, a.status, a.payment_status, a.amount_cents,
      a.payment_session_id, a.payment_intent_id,
            a.starts_at, a.ends_at, a.pms_prov_num, a.pms_clinic_num, r.name as reason_name,
              r.translations as reason_translations, a.language, p.first_name, p.last_name,
            to_char(p.dob, 'YYYY-MM-DD') as dob, a.email, a.wireless_phone, a.patient_status, a.message,
            a.booker_first_name, a.booker_last_name
       from appointments a
       join reasons_for_visit r on r.id = a.reason_id
       join patients p on p.id = a.patient_id`;

/** The appointment of a checkout session, locked for the rest of the transaction. */
export async function lockAppointmentBySession(tx: Queryable, sessionId: string): Promise<HeldAppointment | null> {
  const [row] = await tx.query<HeldAppointment>(`${SELECT_HELD} where a.payment_session_id = $1 for update of a`, [
    sessionId,
  ]);
  return row ?? null;
}

/** A checkout's appointment as its messages tell it, for the subscriber that sends them (ADR 0069). */
export async function findHeldAppointment(db: Queryable, appointmentId: string): Promise<HeldAppointment | null> {
  const [row] = await db.query<HeldAppointment>(`${SELECT_HELD} where a.id = $1`, [appointmentId]);
  return row ?? null;
}

export async function findSessionStatus(
  db: Queryable,
  sessionId: string,
): Promise<{ practice_id: string; status: BookingStatus; payment_status: string | null } | null> {
  const [row] = await db.query<{ practice_id: string; status: BookingStatus; payment_status: string | null }>(
    'select practice_id, status, payment_status from appointments where payment_session_id = $1',
    [sessionId],
  );
  return row ?? null;
}

/** Records a provider event; false when it was applied before (a redelivery). */
export async function recordPaymentEvent(tx: Queryable, eventId: string, type: string): Promise<boolean> {
  const rows = await tx.query(
    'insert into processed_payment_events (event_id, type) values ($1, $2) on conflict do nothing returning event_id',
    [eventId, type],
  );
  return rows.length === 1;
}

/** The money's side of a paid checkout; its status changes through the lifecycle (ADR 0068). */
export async function recordPayment(
  tx: Queryable,
  id: string,
  paymentIntentId: string | null,
  paidAt: Date,
): Promise<void> {
  await tx.query(
    `update appointments set payment_status = 'paid', payment_intent_id = coalesce($2, payment_intent_id),
            paid_at = $3, hold_expires_at = null, updated_at = now() where id = $1`,
    [id, paymentIntentId, paidAt.toISOString()],
  );
}

/** The booked appointment a payment session paid for, with its practice's zone for the wire times. */
interface BookedSlotRow {
  id: string;
  reference: string;
  starts_at: Date | null;
  ends_at: Date | null;
  pms_prov_num: number;
  pms_op_num: number;
  /** The booking's clinic's zone, else the practice's (ADR 0061). */
  server_tz: string;
  form_url: string;
}

export async function findBookedSlotBySession(db: Queryable, sessionId: string): Promise<BookedSlotRow | null> {
  const [row] = await db.query<BookedSlotRow>(
    `select a.id, a.reference, a.starts_at, a.ends_at, a.pms_prov_num, a.pms_op_num,
            coalesce(c.time_zone, p.server_tz) as server_tz, p.form_url
       from appointments a join practices p on p.id = a.practice_id
       left join clinics c on c.practice_id = a.practice_id and c.pms_clinic_num = a.pms_clinic_num
      where a.payment_session_id = $1`,
    [sessionId],
  );
  return row ?? null;
}

/**
 * Money that cannot keep a booking goes back: the payment's side. The booking's status (`refunded`, or `cancelled`
 * when the patient cancelled with a refund under the policy, ADR 0036) changes through the lifecycle (ADR 0068).
 */
export async function markRefund(
  tx: Queryable,
  id: string,
  paymentStatus: 'refund_pending' | 'refunded',
  paymentIntentId: string | null,
): Promise<void> {
  await tx.query(
    `update appointments set payment_status = $2, payment_intent_id = coalesce($3, payment_intent_id),
            updated_at = now() where id = $1`,
    [id, paymentStatus, paymentIntentId],
  );
}

/** Holds whose time is up (no payment and no word from the provider), locked; the lifecycle expires each. */
export async function lockExpiredHolds(tx: Queryable, now: Date): Promise<{ id: string; practice_id: string }[]> {
  return tx.query<{ id: string; practice_id: string }>(
    `select id, practice_id from appointments where status = 'pending_payment' and hold_expires_at < $1
      order by id for update`,
    [now.toISOString()],
  );
}

/** The payment's side of a hold that lapsed or was let go: nothing was paid. */
export async function markHoldUnpaid(
  tx: Queryable,
  id: string,
  { isReleased }: { isReleased: boolean },
): Promise<void> {
  const released = isReleased ? ', hold_expires_at = null' : '';
  await tx.query(`update appointments set payment_status = 'unpaid', updated_at = now()${released} where id = $1`, [
    id,
  ]);
}

/** The appointment of a checkout session with what the patient's next step depends on (no lock). */
export interface SessionAppointment extends BookedPerson {
  id: string;
  practice_id: string;
  status: HeldAppointment['status'];
  payment_status: HeldAppointment['payment_status'];
  payment_session_id: string;
  amount_cents: number | null;
  reason_id: string;
  reason_name: string;
  reason_translations: Translations<ReasonTextField>;
  /** The booking's language: a renewed checkout names the reason in it. */
  language: BookingLanguage;
  starts_at: Date | null;
  hold_expires_at: Date | null;
  pms_prov_num: number;
  pms_clinic_num: number | null;
  /** The booking's clinic's zone, else the practice's (ADR 0061). */
  server_tz: string;
  /** With the person's fields: what the booking was, to tell a resubmission of the same booking from a changed one. */
  is_patient: boolean;
  booker_dob: string | null;
  user_message: string | null;
  insurance_details: unknown;
  reference: string;
  form_url: string;
  ends_at: Date | null;
}

export async function findSessionAppointment(db: Queryable, sessionId: string): Promise<SessionAppointment | null> {
  const [row] = await db.query<SessionAppointment>(
    `select a.id, a.practice_id, a.status, a.payment_status, a.payment_session_id, a.amount_cents, a.reason_id,
      r.name as reason_name,
            r.translations as reason_translations, a.language, a.starts_at, a.ends_at, a.hold_expires_at,
              a.pms_prov_num, a.pms_clinic_num, coalesce(c.time_zone, pr.server_tz) as server_tz,
            a.reference, pr.form_url, p.first_name, p.last_name, to_char(p.dob, 'YYYY-MM-DD') as dob, a.email,
              a.wireless_phone, a.patient_status, a.is_patient,
            a.booker_first_name, a.booker_last_name, to_char(a.booker_dob, 'YYYY-MM-DD') as booker_dob, a.user_message,
              a.insurance_details
       from appointments a
       join reasons_for_visit r on r.id = a.reason_id
       join patients p on p.id = a.patient_id
       join practices pr on pr.id = a.practice_id
       left join clinics c on c.practice_id = a.practice_id and c.pms_clinic_num = a.pms_clinic_num
      where a.payment_session_id = $1`,
    [sessionId],
  );
  return row ?? null;
}

/**
 * A new checkout for the same appointment (the earlier one was left or closed): the appointment
 * follows the new session, and a hold is extended to it. False when the session moved meanwhile.
 */
export async function moveToSession(
  db: Queryable,
  move: { id: string; fromSessionId: string; toSessionId: string; provider: 'stripe' | 'local'; holdExpiresAt: Date },
): Promise<boolean> {
  const rows = await db.query(
    `update appointments set payment_session_id = $3, payment_provider = $4,
            hold_expires_at = case when status = 'pending_payment' then $5::timestamptz else hold_expires_at end,
              updated_at = now()
      where id = $1 and payment_session_id = $2 and (status = 'pending_payment' or (status = 'booked'
        and payment_status = 'unpaid'))
      returning id`,
    [move.id, move.fromSessionId, move.toSessionId, move.provider, move.holdExpiresAt.toISOString()],
  );
  return rows.length === 1;
}

/**
 * A cancellation that gives the deposit back (ADR 0036): recorded once, in the cancelling
 * transaction; false when a refund was already under way or done.
 */
export async function markCancellationRefund(tx: Queryable, id: string, cents: number): Promise<boolean> {
  const rows = await tx.query(
    `update appointments set payment_status = 'refund_pending', refund_cents = $2
      where id = $1 and payment_status = 'paid' and refund_cents is null returning id`,
    [id, cents],
  );
  return rows.length === 1;
}
