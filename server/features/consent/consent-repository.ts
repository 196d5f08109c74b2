import { valuesPlaceholders, type Queryable } from '../../db/database.ts';

export type ConsentChannel = 'email' | 'sms';
export type ConsentSource =
  'booking_form' | 'verification_step' | 'sms_reply' | 'manage_page' | 'staff' | 'unsubscribe_link';

export interface ConsentRow {
  practiceId: string;
  appointmentId: string | null;
  channel: ConsentChannel;
  /** Normalised: lower-case e-mail or E.164 phone (domain/verification/contact-normalisation.ts). */
  recipient: string;
  granted: boolean;
  source: ConsentSource;
  /** The words shown to the patient (or the words they sent, for a text reply). */
  words: string;
  ip: string | null;
  recordedAt: Date;
}

/** Appends consent decisions; rows are never updated, the newest decides (ADR 0033). */
export async function insertConsents(db: Queryable, rows: readonly ConsentRow[]): Promise<void> {
  if (rows.length === 0) return;
  // One statement for all rows: a booking records two (one per channel) inside its transaction (ADR 0078).
  await db.query(
    `insert into contact_consents (practice_id, appointment_id, channel, recipient, granted, source, words, ip,
       recorded_at)
     values ${valuesPlaceholders(rows.length, Array<string>(9).fill(''))}`,
    rows.flatMap((r) => [
      r.practiceId,
      r.appointmentId,
      r.channel,
      r.recipient,
      r.granted,
      r.source,
      r.words.slice(0, 1_000),
      r.ip,
      r.recordedAt.toISOString(),
    ]),
  );
}

export interface ConsentDecision {
  granted: boolean;
  source: ConsentSource;
  recorded_at: Date;
}

/**
 * The decision in force for one practice, channel and recipient; null when there is none. The
 * newest row decides, except that a booking's box (which every booking must tick) does not lift an
 * earlier opt-out: only the patient's own opt-in on that channel does (START, staff on their word)
 * (ADR 0037: never to a number that opted out).
 */
export async function latestConsent(
  db: Queryable,
  key: { practiceId: string; channel: ConsentChannel; recipient: string },
): Promise<ConsentDecision | null> {
  const [row] = await db.query<ConsentDecision>(
    `select granted, source, recorded_at from contact_consents c
      where practice_id = $1 and channel = $2 and recipient = $3
        and not (granted and source in ('booking_form', 'verification_step') and exists (
          select 1 from contact_consents o
           where o.practice_id = $1 and o.channel = $2 and o.recipient = $3 and not o.granted and o.seq < c.seq))
      order by seq desc limit 1`,
    [key.practiceId, key.channel, key.recipient],
  );
  return row ?? null;
}

/** The consent rows one booking wrote, oldest first (support and tests). */
export async function consentsOfAppointment(
  db: Queryable,
  appointmentId: string,
): Promise<(ConsentDecision & { channel: ConsentChannel; recipient: string; words: string; ip: string | null })[]> {
  return db.query(
    `select channel, recipient, granted, source, words, ip, recorded_at from contact_consents
      where appointment_id = $1 order by seq`,
    [appointmentId],
  );
}

/** One row of a practice's consent ledger as an operator exports it. */
export interface LedgerEntry {
  /** ISO 8601 in UTC, e.g. 2026-03-03T14:00:00.000Z. */
  recorded_at: string;
  channel: ConsentChannel;
  recipient: string;
  decision: 'granted' | 'withdrawn';
  /** Open: new places that record consent (an unsubscribe link) add sources without touching the export. */
  source: string;
  words: string;
  ip: string | null;
  /** The booking's reference; null for a decision made outside a booking (a STOP reply) or of a deleted one. */
  reference: string | null;
}

/** Every consent decision of one practice, oldest first (the order they were recorded). */
export async function listPracticeConsents(db: Queryable, practiceId: string): Promise<LedgerEntry[]> {
  const rows = await db.query<Omit<LedgerEntry, 'recorded_at' | 'decision'> & { recorded_at: Date; granted: boolean }>(
    `select c.recorded_at, c.channel, c.recipient, c.granted, c.source, c.words, c.ip, a.reference
       from contact_consents c
       left join appointments a on a.id = c.appointment_id
      where c.practice_id = $1
      order by c.seq`,
    [practiceId],
  );
  return rows.map(({ granted, recorded_at, ...row }) => ({
    ...row,
    recorded_at: new Date(recorded_at).toISOString(),
    decision: granted ? 'granted' : 'withdrawn',
  }));
}

/** The practice whose booking last recorded this number's consent to texts; null when none did. */
export async function findPracticeLastConsentedTo(
  db: Queryable,
  key: { channel: ConsentChannel; recipient: string },
): Promise<string | null> {
  const [row] = await db.query<{ practice_id: string }>(
    `select practice_id from contact_consents where channel = $1 and recipient = $2 and appointment_id is not null
      order by seq desc limit 1`,
    [key.channel, key.recipient],
  );
  return row?.practice_id ?? null;
}
