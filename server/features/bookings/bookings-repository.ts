import { createHash } from 'node:crypto';
import type { BookingLanguage } from '#domain/booking/booking-lifecycle.ts';
import type { InsuranceDetails, UserMeta } from '#domain/booking/booking-schemas.ts';
import type { Queryable } from '../../db/database.ts';
import { holdsSlotSql } from '../../db/booking-status-sql.ts';
import { STATE_COLUMNS, type BookingState } from './booking-lifecycle-repository.ts';

export interface NewAppointment {
  practiceId: string;
  reasonId: string;
  patientId: string;
  provNum: number;
  opNum: number;
  clinicNum: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  status: 'booked' | 'pending_payment' | 'requested';
  patientStatus: string | null;
  isPatient: boolean;
  booker: { first_name: string; last_name: string; dob: string } | null;
  email: string;
  wirelessPhone: string;
  userMessage: string | null;
  message: string;
  consentedAt: Date;
  clientIp: string;
  referrerId: string | null;
  sourceMeta: unknown;
  utmDetails: unknown;
  userMeta: UserMeta | null;
  fingerprint: string | null;
  insurance: InsuranceDetails | null;
  /** A payment hold: counted by the exclusion constraints until it expires or is paid. */
  hold: { expiresAt: Date; amountCents: number } | null;
  /** The verification token's hash (ADR 0012), kept so a paid hold can spend it on completion. */
  verificationTokenHash?: string | null;
  language: BookingLanguage;
  /**
   * The contact consent (is_concented): always true online, where the box must be ticked; staff record the patient's
   * answer.
   */
  isConsented?: boolean;
}

/**
 * Inserts the appointment, made at the consent's time (the service's clock, which the manage
 * policy's grace period counts from); the exclusion constraints refuse an overlap with error 23P01. The
 * reference is the first of five fresh draws the practice does not have yet (a clash is about
 * one in a billion). Not `insert … on conflict`: a speculative insert checks the exclusion
 * constraints differently, and 50 concurrent bookings of one slot then deadlock on PostgreSQL.
 * It returns the new row's state, which its first event records without reading it again (ADR 0078).
 */
export async function insertAppointment(tx: Queryable, a: NewAppointment): Promise<BookingState> {
  const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
  const [row] = await tx.query<BookingState>(
    `insert into appointments (
       practice_id, reason_id, patient_id, pms_prov_num, pms_op_num, pms_clinic_num, starts_at, ends_at, status,
       patient_status, is_patient, booker_first_name, booker_last_name, booker_dob, email, wireless_phone,
       user_message, message, is_concented, consented_at, client_ip, referrer_id, source_meta, utm_details,
       user_meta, fingerprint, has_insurance, insurance_details, hold_expires_at, amount_cents, payment_status,
       verification_token_hash, language, created_at, updated_at, reference)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $33, $19, $20, $21,
             $22, $23, $24, $25, $26, $27, $28, $29, $30, $31, $32, $19, $19,
             (select drawn.reference from (select new_booking_reference() as reference from generate_series(1, 5)) drawn
               where not exists (select 1 from appointments taken where taken.practice_id = $1
                 and taken.reference = drawn.reference)
               limit 1))
     returning ${STATE_COLUMNS}`,
    [
      a.practiceId,
      a.reasonId,
      a.patientId,
      a.provNum,
      a.opNum,
      a.clinicNum,
      a.startsAt?.toISOString() ?? null,
      a.endsAt?.toISOString() ?? null,
      a.status,
      a.patientStatus,
      a.isPatient,
      a.booker?.first_name ?? null,
      a.booker?.last_name ?? null,
      a.booker?.dob ?? null,
      a.email,
      a.wirelessPhone,
      a.userMessage,
      a.message,
      a.consentedAt.toISOString(),
      a.clientIp,
      a.referrerId,
      json(a.sourceMeta),
      json(a.utmDetails),
      json(a.userMeta),
      a.fingerprint,
      a.insurance !== null,
      json(a.insurance),
      a.hold?.expiresAt.toISOString() ?? null,
      a.hold?.amountCents ?? null,
      a.hold ? 'pending' : null,
      a.verificationTokenHash ?? null,
      a.language,
      a.isConsented ?? true,
    ],
  );
  return row!;
}

/**
 * Queues this transaction behind any other booking of the same patient (two chairs of one person
 * at once cannot both miss each other, ADR 0062), then behind any other that is booking the same
 * provider or the same operatory of the practice in a quarter hour this booking touches, until it commits.
 * Without the chair locks, many simultaneous inserts of one time wait on each other inside the
 * exclusion check, PostgreSQL breaks each cycle only after its one-second deadlock timeout, and a
 * 50-way race runs past the pool's wait (503s). Two bookings that overlap always share a quarter hour,
 * so they still queue; bookings of one provider at other times no longer wait for each other (ADR 0087).
 * Every booking takes the patient's lock first and the chair locks in one global order, so they
 * cannot deadlock themselves; one statement takes them all, in the array's order (ADR 0078).
 * PGlite runs one transaction at a time anyway.
 */
export async function queueBehindSamePatientAndChairBookings(
  tx: Queryable,
  booking: { practiceId: string; patientId: string; provNum: number; opNum: number; startsAt: Date; endsAt: Date },
): Promise<void> {
  const { practiceId, patientId, provNum, opNum } = booking;
  const chairs = [`${practiceId}:provider:${provNum}`, `${practiceId}:operatory:${opNum}`];
  const chairKeys = quarterHoursTouched(booking.startsAt, booking.endsAt)
    .flatMap((quarter) => chairs.map((chair) => lockKeyOf(`${chair}:quarter:${quarter}`)))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const keys = [lockKeyOf(`patient:${patientId}`), ...chairKeys].map(String);
  await tx.query('select pg_advisory_xact_lock(key) from unnest($1::bigint[]) as key', [keys]);
}

const QUARTER_HOUR_MS = 15 * 60_000;

/**
 * The quarter hours since the epoch that [startsAt, endsAt) touches: two overlapping times always share one. A
 * quarter, the slot grid's usual step, keeps a long visit's keys few (a two-hour visit takes 16 chair locks).
 */
export function quarterHoursTouched(startsAt: Date, endsAt: Date): number[] {
  const first = Math.floor(startsAt.getTime() / QUARTER_HOUR_MS);
  const last = Math.max(first, Math.floor((endsAt.getTime() - 1) / QUARTER_HOUR_MS));
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

/** A signed 64-bit advisory-lock key from a name (the first 8 bytes of its SHA-256). */
function lockKeyOf(name: string): bigint {
  return createHash('sha256').update(name).digest().readBigInt64BE(0);
}

/**
 * True when an active appointment or hold of the practice overlaps [startsAt, endsAt): of this
 * provider, or of any provider for "earliest available" (0). Tells a slot somebody else took
 * apart from a time that was never bookable.
 */
export async function hasActiveOverlap(
  tx: Queryable,
  practiceId: string,
  provNum: number,
  startsAt: Date,
  endsAt: Date,
): Promise<boolean> {
  const rows = await tx.query(
    `select 1 from appointments
     where practice_id = $1 and ${holdsSlotSql()} and ($2 = 0 or pms_prov_num = $2)
       and starts_at < $4 and ends_at > $3
     limit 1`,
    [practiceId, provNum, startsAt, endsAt],
  );
  return rows.length > 0;
}

/**
 * The active booking of this patient (same names and birth date) with the same e-mail or mobile
 * that overlaps [startsAt, endsAt), at any provider or chair; null when none (ADR 0062). A hold
 * awaiting payment does not count: booking again replaces it and expires its checkout (ADR 0060).
 */
export async function findOverlapOfPatient(
  tx: Queryable,
  who: { patientId: string; email: string; wirelessPhone: string },
  startsAt: Date,
  endsAt: Date,
): Promise<string | null> {
  const [row] = await tx.query<{ id: string }>(
    `select id from appointments
     where patient_id = $1 and ${holdsSlotSql()} and status <> 'pending_payment'
       and starts_at < $5 and ends_at > $4
       and ((email <> '' and lower(email) = lower($2)) or (wireless_phone <> '' and wireless_phone = $3))
     order by starts_at limit 1`,
    [who.patientId, who.email, who.wirelessPhone, startsAt, endsAt],
  );
  return row?.id ?? null;
}

/** What the booking already on file needs to be pointed to again: its contact, language and practice. */
export async function findContactOnFile(tx: Queryable, appointmentId: string) {
  const [row] = await tx.query<{
    practice_id: string;
    form_url: string;
    practice_name: string;
    email: string | null;
    wireless_phone: string | null;
    is_concented: boolean;
    first_name: string;
    booker_first_name: string | null;
    language: BookingLanguage;
  }>(
    `select a.practice_id, p.form_url, p.name as practice_name, nullif(a.email, '') as email,
            nullif(a.wireless_phone, '') as wireless_phone, a.is_concented, pt.first_name,
            a.booker_first_name, a.language
     from appointments a join practices p on p.id = a.practice_id join patients pt on pt.id = a.patient_id
     where a.id = $1`,
    [appointmentId],
  );
  return row ?? null;
}
