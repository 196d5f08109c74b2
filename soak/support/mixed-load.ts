import { addDays } from '#domain/time/local-date.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';
import type { HttpClient, HttpOutcome } from './http-client.ts';
import { lettersOf, soakBooking, solveChallenge } from './soak-booking.ts';
import { SOAK_ZONE, type SoakPractice } from './soak-practices.ts';

/**
 * The mixed traffic of a patient population: reading the form, browsing slots, checking a
 * patient, booking, and verifying an e-mail by one-time code before booking. Closed loop: each of
 * `connections` virtual patients sends its next request when the last one is answered.
 */
export type RequestKind =
  | 'form'
  | 'reasons'
  | 'clinics'
  | 'slots'
  | 'patient-check'
  | 'challenge'
  | 'book'
  | 'send-otp'
  | 'verify-otp'
  | 'book-verified';

const EXPECTED: Record<RequestKind, number[]> = {
  form: [200],
  reasons: [200],
  clinics: [200],
  slots: [200],
  'patient-check': [200],
  challenge: [200],
  'send-otp': [200],
  'verify-otp': [200],
  // A lost race for a slot is a 409, which the UI answers by offering other slots.
  book: [201, 409],
  'book-verified': [201, 409],
};

export interface AcknowledgedBooking {
  appointmentId: string;
  practiceId: string;
  email: string;
}

export interface LoadOptions {
  client: HttpClient;
  /** Virtual patient i talks to bases[i % bases.length]. */
  bases: string[];
  open: SoakPractice;
  verify: SoakPractice;
  connections: number;
  durationMs: number;
  /** Makes e-mails, names and idempotency keys unique across files and runs. */
  tag: string;
  /** The one-time code last sent to this address, wherever the test reads messages. */
  readCode(recipient: string): Promise<string | null>;
  /** Ends the load before `durationMs` when it returns true. */
  isDone?: () => boolean;
  /** Sees every answer as it comes, e.g. to judge it by when it happened. */
  onOutcome?: (kind: RequestKind, outcome: HttpOutcome) => void;
}

export interface LoadReport {
  latencies: Map<RequestKind, number[]>;
  statuses: Map<RequestKind, Map<string, number>>;
  /** Answers outside EXPECTED (5xx, 429, network errors, …), the first few kept in full. */
  unexpected: { kind: RequestKind; status: number | null; error: string | null; body: unknown }[];
  unexpectedCount: number;
  bookings: AcknowledgedBooking[];
  codesNotDelivered: number;
  seconds: number;
}

export async function runMixedLoad(options: LoadOptions): Promise<LoadReport> {
  const report: LoadReport = {
    latencies: new Map(),
    statuses: new Map(),
    unexpected: [],
    unexpectedCount: 0,
    bookings: [],
    codesNotDelivered: 0,
    seconds: 0,
  };
  const started = Date.now();
  const endAt = started + options.durationMs;
  const today = localDateOf(new Date(), SOAK_ZONE);
  let counter = 0;
  // Runs that share a database look up different people.
  const lookupSeed = Math.floor(Math.random() * 1e8);

  function record(kind: RequestKind, outcome: HttpOutcome): boolean {
    options.onOutcome?.(kind, outcome);
    const label = outcome.status === null ? `error ${outcome.error}` : String(outcome.status);
    const byStatus = report.statuses.get(kind) ?? new Map<string, number>();
    byStatus.set(label, (byStatus.get(label) ?? 0) + 1);
    report.statuses.set(kind, byStatus);
    if (outcome.status !== null)
      (report.latencies.get(kind) ?? report.latencies.set(kind, []).get(kind)!).push(outcome.ms);
    const isExpected = outcome.status !== null && EXPECTED[kind].includes(outcome.status);
    if (!isExpected) {
      report.unexpectedCount++;
      if (report.unexpected.length < 20)
        report.unexpected.push({ kind, status: outcome.status, error: outcome.error, body: outcome.body });
    }
    return isExpected;
  }

  const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;
  // Days 1–120 ahead: 48 slots a day per provider leave tens of thousands of slots to take.
  const someDay = () => addDays(today, 1 + Math.floor(Math.random() * 120));
  const api = (base: string) => `${base}/api/v1`;

  async function slotsOn(base: string, practice: SoakPractice, from: string, to: string) {
    const url =
      `${api(base)}/appointment/slots?practice_id=${practice.id}` +
      `&reason_for_visit_id=${practice.reasonId}&start_date=${from}&end_date=${to}` +
      `&pms_prov_num=${pick(practice.provNums)}`;
    const outcome = await options.client.get(url);
    return record('slots', outcome) ? ((outcome.body as { result: SlotRecord[] }).result ?? []) : null;
  }

  async function book(
    base: string,
    practice: SoakPractice,
    kind: 'book' | 'book-verified',
    contact: { email: string; token?: string },
  ) {
    const day = someDay();
    const slots = await slotsOn(base, practice, day, day);
    if (!slots || slots.length === 0) return;
    const challenge = await solveChallenge(options.client, base);
    record('challenge', challenge.outcome);
    if (!challenge.header) return;
    const n = counter++;
    const outcome = await options.client.post(
      `${api(base)}/appointment`,
      soakBooking(practice, pick(slots), { n, tag: options.tag, email: contact.email }),
      {
        'x-bot-challenge': challenge.header,
        'idempotency-key': `soak-${options.tag}-${n}`,
        ...(contact.token ? { 'x-verification-token': contact.token } : {}),
      },
    );
    if (record(kind, outcome) && outcome.status === 201) {
      report.bookings.push({
        appointmentId: (outcome.body as { result: { appointment_id: string } }).result.appointment_id,
        practiceId: practice.id,
        email: contact.email,
      });
    }
  }

  async function verifyThenBook(base: string) {
    const recipient = `v${counter++}-${options.tag}@soak.example`;
    const contact = { recipient, verification_type: 'email', practice_id: options.verify.id };
    if (!record('send-otp', await options.client.post(`${api(base)}/verify/send-otp`, contact))) return;
    let code: string | null = null;
    // A patient waits for the e-mail; the worker sends within about a second of the commit.
    for (let attempt = 0; attempt < 80 && !code; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      code = await options.readCode(recipient).catch(() => null);
    }
    if (!code) {
      report.codesNotDelivered++;
      return;
    }
    const verified = await options.client.post(`${api(base)}/verify/verify-otp`, { ...contact, otp: code });
    if (!record('verify-otp', verified)) return;
    const token = (verified.body as { result: { verification_token: string } }).result.verification_token;
    await book(base, options.verify, 'book-verified', { email: recipient, token });
  }

  async function patient(index: number) {
    const base = options.bases[index % options.bases.length]!;
    while (Date.now() < endAt && !options.isDone?.()) {
      const roll = Math.random();
      const practice = Math.random() < 0.8 ? options.open : options.verify;
      if (roll < 0.08) record('form', await options.client.get(`${api(base)}/form/${practice.formUrl}`));
      else if (roll < 0.14)
        record('reasons', await options.client.get(`${api(base)}/reason-for-visit?practice_id=${practice.id}`));
      else if (roll < 0.18)
        record('clinics', await options.client.get(`${api(base)}/clinic?practice_id=${practice.id}`));
      else if (roll < 0.45) {
        const from = someDay();
        await slotsOn(base, practice, from, addDays(from, 6));
      } else if (roll < 0.5) {
        // A new name each time: one identity may be looked up only 5 times an hour (ADR 0027).
        const query =
          `practice_id=${practice.id}&first_name=${lettersOf(lookupSeed + counter++)}` +
          `&last_name=Nobody&dob=1990-01-01`;
        record('patient-check', await options.client.get(`${api(base)}/patient/check?${query}`));
      } else if (roll < 0.88)
        await book(base, options.open, 'book', { email: `b${counter++}-${options.tag}@soak.example` });
      else await verifyThenBook(base);
    }
  }

  await Promise.all(Array.from({ length: options.connections }, (_, i) => patient(i)));
  report.seconds = (Date.now() - started) / 1000;
  return report;
}

export interface SlotRecord {
  DateTimeStart: string;
  DateTimeEnd: string;
  ProvNum: number;
  OpNum: number;
}
