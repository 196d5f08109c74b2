import type { Queryable } from '../db/database.ts';

export type DeliveryChannel = 'email' | 'sms';
export type DeliveryStatus = 'queued' | 'sent' | 'delivered' | 'undelivered' | 'failed' | 'skipped';

export interface NewDelivery {
  channel: DeliveryChannel;
  idempotencyKey: string;
  practiceId: string | null;
  appointmentId: string | null;
  recipient: string;
  /** Absent when queued by a caller without a clock: the database's time (bookkeeping only). */
  now?: Date;
}

export interface DeliveryRow {
  id: string;
  channel: DeliveryChannel;
  idempotency_key: string;
  kind: string;
  practice_id: string | null;
  appointment_id: string | null;
  recipient: string;
  status: DeliveryStatus;
  provider_message_id: string | null;
  error_code: string | null;
}

/** The message's kind is its key's prefix ("reminder:…" is a reminder). */
export const kindOfKey = (idempotencyKey: string) => (idempotencyKey.split(':', 1)[0] ?? '').slice(0, 60) || 'message';

/** One row per message, however often it is queued; the first queuing's facts stay. */
export async function insertDelivery(db: Queryable, delivery: NewDelivery): Promise<void> {
  await db.query(
    `insert into message_deliveries (channel, idempotency_key, kind, practice_id, appointment_id, recipient, status,
      created_at, updated_at)
     -- A practice or booking deleted since (or never there, in tests) leaves the record without it.
     select $1, $2, $3, (select id from practices where id = $4::uuid), (select id from appointments
       where id = $5::uuid), $6, 'queued',
            coalesce($7::timestamptz, now()), coalesce($7::timestamptz, now())
     on conflict (channel, idempotency_key) do nothing`,
    [
      delivery.channel,
      delivery.idempotencyKey,
      kindOfKey(delivery.idempotencyKey),
      delivery.practiceId,
      delivery.appointmentId,
      delivery.recipient,
      delivery.now?.toISOString() ?? null,
    ],
  );
}

/**
 * Marks an attempt to hand the message to its provider, creating the row for a message queued
 * before deliveries were kept. Returns when an earlier attempt started a hand-off it never
 * finished (its worker died): that one may have reached the provider. The earliest such start is
 * kept until an attempt finishes, so a later check looks back far enough.
 */
export async function beginHandoff(
  db: Queryable,
  delivery: NewDelivery & { now: Date },
): Promise<{ unfinishedSince: Date | null; status: DeliveryStatus }> {
  await insertDelivery(db, delivery);
  const [row] = await db.query<{ previous: Date | null; status: DeliveryStatus }>(
    `update message_deliveries d set handoff_at = coalesce(old.previous, $3), updated_at = $3
       from (select id, handoff_at as previous from message_deliveries where channel = $1
         and idempotency_key = $2 for update) old
      where d.id = old.id
      returning old.previous, d.status`,
    [delivery.channel, delivery.idempotencyKey, delivery.now.toISOString()],
  );
  return { unfinishedSince: row?.previous ? new Date(row.previous) : null, status: row?.status ?? 'queued' };
}

/** What this attempt ended with; the hand-off is over either way. */
export async function recordHandoffOutcome(
  db: Queryable,
  outcome: {
    channel: DeliveryChannel;
    idempotencyKey: string;
    status: DeliveryStatus;
    providerMessageId?: string | null;
    errorCode?: string | null;
    error?: string | null;
    now: Date;
  },
): Promise<DeliveryRow | null> {
  const [row] = await db.query<DeliveryRow>(
    `update message_deliveries
        set status = $3, provider_message_id = coalesce($4, provider_message_id), error_code = $5, error = $6,
          handoff_at = null, updated_at = $7
      where channel = $1 and idempotency_key = $2
      returning id, channel, idempotency_key, kind, practice_id, appointment_id, recipient, status, provider_message_id,
        error_code`,
    [
      outcome.channel,
      outcome.idempotencyKey,
      outcome.status,
      outcome.providerMessageId ?? null,
      outcome.errorCode ?? null,
      outcome.error?.slice(0, 500) ?? null,
      outcome.now.toISOString(),
    ],
  );
  return row ?? null;
}

// Callbacks arrive out of order: a late "sent" must not overwrite "delivered".
const STATUS_RANK_SQL = `case %s when 'queued' then 0 when 'sent' then 1 else 2 end`;

/**
 * A provider's report on a message it took (Twilio's status callback). Returns the row as it was
 * before when the report changed it, null for an unknown message or a report that came too late.
 */
export async function recordProviderStatus(
  db: Queryable,
  report: {
    channel: DeliveryChannel;
    providerMessageId: string;
    status: DeliveryStatus;
    errorCode: string | null;
    now: Date;
  },
): Promise<{ before: DeliveryStatus; row: DeliveryRow } | null> {
  const [row] = await db.query<DeliveryRow & { before: DeliveryStatus }>(
    `update message_deliveries d set status = $2, error_code = coalesce($3, d.error_code), updated_at = $4
       from (select id, status as before from message_deliveries where channel = $5
         and provider_message_id = $1 for update) old
      where d.id = old.id and ${STATUS_RANK_SQL.replace('%s', '$2::text')} >=
        ${STATUS_RANK_SQL.replace('%s', 'old.before')}
        and old.before not in ('delivered', 'undelivered', 'failed')
      returning old.before, d.id, d.channel, d.idempotency_key, d.kind, d.practice_id, d.appointment_id, d.recipient,
        d.status, d.provider_message_id, d.error_code`,
    [report.providerMessageId, report.status, report.errorCode, report.now.toISOString(), report.channel],
  );
  if (!row) return null;
  const { before, ...delivery } = row;
  return { before, row: delivery };
}

/** A booking's messages, oldest first (the console's detail, tests). */
export async function listAppointmentDeliveries(
  db: Queryable,
  appointmentId: string,
): Promise<(DeliveryRow & { created_at: Date; updated_at: Date })[]> {
  return db.query(
    `select id, channel, idempotency_key, kind, practice_id, appointment_id, recipient, status, provider_message_id,
      error_code, created_at, updated_at
       from message_deliveries where appointment_id = $1 order by created_at, idempotency_key`,
    [appointmentId],
  );
}
