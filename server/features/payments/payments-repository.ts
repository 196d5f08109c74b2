import type { Queryable } from '../../db/database.ts';

export interface HeldAppointment {
  id: string;
  practice_id: string;
  status: 'booked' | 'pending_payment' | 'requested' | 'cancelled' | 'expired' | 'refunded';
  payment_status: 'pending' | 'paid' | 'unpaid' | 'refund_pending' | 'refunded' | null;
  amount_cents: number | null;
  payment_session_id: string | null;
  payment_intent_id: string | null;
  starts_at: Date | null;
  ends_at: Date | null;
  pms_prov_num: number;
  reason_name: string;
  first_name: string;
  last_name: string;
  dob: string;
  email: string;
  wireless_phone: string;
  patient_status: string | null;
  message: string;
}

export async function attachSession(tx: Queryable, appointmentId: string, sessionId: string, provider: 'stripe' | 'local'): Promise<void> {
  await tx.query('update appointments set payment_session_id = $2, payment_provider = $3, updated_at = now() where id = $1', [appointmentId, sessionId, provider]);
}

/** The appointment of a checkout session, locked for the rest of the transaction. */
export async function lockAppointmentBySession(tx: Queryable, sessionId: string): Promise<HeldAppointment | null> {
  const [row] = await tx.query<HeldAppointment>(
    `select a.id, a.practice_id, a.status, a.payment_status, a.amount_cents, a.payment_session_id, a.payment_intent_id,
            a.starts_at, a.ends_at, a.pms_prov_num, r.name as reason_name, p.first_name, p.last_name,
            to_char(p.dob, 'YYYY-MM-DD') as dob, a.email, a.wireless_phone, a.patient_status, a.message
       from appointments a
       join reasons_for_visit r on r.id = a.reason_id
       join patients p on p.id = a.patient_id
      where a.payment_session_id = $1
      for update of a`,
    [sessionId],
  );
  return row ?? null;
}

export async function findSessionStatus(db: Queryable, sessionId: string): Promise<{ practice_id: string; status: string; payment_status: string | null } | null> {
  const [row] = await db.query<{ practice_id: string; status: string; payment_status: string | null }>(
    'select practice_id, status, payment_status from appointments where payment_session_id = $1',
    [sessionId],
  );
  return row ?? null;
}

/** Records a provider event; false when it was applied before (a redelivery). */
export async function recordPaymentEvent(tx: Queryable, eventId: string, type: string): Promise<boolean> {
  const rows = await tx.query('insert into processed_payment_events (event_id, type) values ($1, $2) on conflict do nothing returning event_id', [eventId, type]);
  return rows.length === 1;
}

export async function markPaid(tx: Queryable, id: string, paymentIntentId: string | null, paidAt: Date): Promise<void> {
  await tx.query(
    `update appointments set status = 'booked', payment_status = 'paid', payment_intent_id = coalesce($2, payment_intent_id),
            paid_at = $3, hold_expires_at = null, updated_at = now() where id = $1`,
    [id, paymentIntentId, paidAt.toISOString()],
  );
}

export async function markBookedUnpaid(tx: Queryable, id: string): Promise<void> {
  await tx.query(
    `update appointments set status = 'booked', payment_status = 'unpaid', hold_expires_at = null, updated_at = now() where id = $1`,
    [id],
  );
}

export async function markRefund(tx: Queryable, id: string, paymentStatus: 'refund_pending' | 'refunded', paymentIntentId: string | null): Promise<void> {
  await tx.query(
    `update appointments set status = 'refunded', payment_status = $2, payment_intent_id = coalesce($3, payment_intent_id), updated_at = now() where id = $1`,
    [id, paymentStatus, paymentIntentId],
  );
}

/** Releases holds whose time is up (no payment and no word from the provider): their slots are free again. */
export async function releaseExpiredHolds(db: Queryable, now: Date): Promise<{ id: string; practice_id: string }[]> {
  return db.query<{ id: string; practice_id: string }>(
    `update appointments set status = 'expired', payment_status = 'unpaid', updated_at = now()
      where status = 'pending_payment' and hold_expires_at < $1 returning id, practice_id`,
    [now.toISOString()],
  );
}

export async function releaseHold(db: Queryable, id: string): Promise<void> {
  await db.query(`update appointments set status = 'expired', payment_status = 'unpaid', updated_at = now() where id = $1 and status = 'pending_payment'`, [id]);
}
