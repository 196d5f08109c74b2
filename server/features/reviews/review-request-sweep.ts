import type { ReviewChannel } from '#domain/reviews/review-request-schemas.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { enqueueJob, type JobHandler } from '../../jobs/job-queue.ts';
import { createReviewRequest } from './review-requests.ts';
import {
  findAppointmentsDueForReview,
  hasDecision,
  hasReviewRequestSince,
  lockPatient,
  recordDecision,
  type AppointmentDueForReview,
  type ReviewDecisionOutcome,
} from './review-sweep-repository.ts';

/**
 * Automatic review requests (ADR 0013): a sweep job runs every 10 minutes through the durable job
 * table and decides, once per booked appointment whose end plus the practice's
 * `review_request_delay_hours` has passed, whether to send a request.
 */
export const REVIEW_SWEEP_JOB = 'review-requests.sweep';
export const REVIEW_SWEEP_INTERVAL_MS = 10 * 60_000;
/** At most one request per patient in this period (operators' requests count too). */
export const PATIENT_REQUEST_GAP_MS = 90 * 24 * 3_600_000;
/** Requests that fell due longer ago are not sent late (after an outage, or when a practice turns the setting on). */
export const SWEEP_LOOKBACK_MS = 7 * 24 * 3_600_000;
const SWEEP_BATCH = 200;

interface SweepDeps {
  db: Database;
  clock: Clock;
  publicUrl: string;
  /** false: this server sends no texts (production without Twilio, ADR 0029); default true. */
  texts?: boolean;
}

/**
 * Queues the sweep of the 10-minute slot that contains `at`. Slots are the dedupe keys, so every
 * process can call this at start and each sweep queues the next: one chain, however many processes.
 */
export async function scheduleReviewSweep(db: Queryable, at: Date): Promise<void> {
  const slot = new Date(Math.floor(at.getTime() / REVIEW_SWEEP_INTERVAL_MS) * REVIEW_SWEEP_INTERVAL_MS);
  await enqueueJob(db, {
    type: REVIEW_SWEEP_JOB,
    payload: {},
    runAt: slot,
    dedupeKey: `${REVIEW_SWEEP_JOB}:${slot.toISOString()}`,
  });
}

/** Starts (or revives) the sweep chain and returns the worker's handler for it. */
export async function setUpReviewJobs(deps: SweepDeps): Promise<Record<string, JobHandler>> {
  await scheduleReviewSweep(deps.db, deps.clock.now());
  return {
    [REVIEW_SWEEP_JOB]: async () => {
      const now = deps.clock.now();
      // The next sweep first: a failure below must not end the chain.
      await scheduleReviewSweep(deps.db, new Date(now.getTime() + REVIEW_SWEEP_INTERVAL_MS));
      await sweepReviewRequests(deps, now);
    },
  };
}

/** One pass; returns how many appointments it decided about. */
export async function sweepReviewRequests(deps: SweepDeps, now: Date): Promise<number> {
  const due = await findAppointmentsDueForReview(deps.db, {
    now,
    since: new Date(now.getTime() - SWEEP_LOOKBACK_MS),
    limit: SWEEP_BATCH,
  });
  for (const appointment of due) {
    await deps.db.transaction((tx) => decide(tx, deps, appointment, now));
  }
  return due.length;
}

async function decide(tx: Queryable, deps: SweepDeps, appointment: AppointmentDueForReview, now: Date): Promise<void> {
  await lockPatient(tx, appointment.patient_id);
  if (await hasDecision(tx, appointment.appointment_id)) return;
  const record = (outcome: ReviewDecisionOutcome, reviewRequestId: string | null = null) =>
    recordDecision(tx, { appointmentId: appointment.appointment_id, outcome, reviewRequestId, decidedAt: now });

  if (await hasReviewRequestSince(tx, appointment.patient_id, new Date(now.getTime() - PATIENT_REQUEST_GAP_MS))) {
    return record('skipped_recent_request');
  }
  // The booking's consent covers its own e-mail and phone ("text and email", spec section 2).
  const channels: ReviewChannel[] = [];
  if (appointment.is_concented && appointment.email) channels.push('email');
  if (appointment.is_concented && appointment.wireless_phone && deps.texts !== false) channels.push('sms');
  if (channels.length === 0) return record('skipped_no_consented_contact');

  const created = await createReviewRequest(
    tx,
    {
      practice: { id: appointment.practice_id, name: appointment.practice_name },
      source: 'automatic',
      firstName: appointment.first_name,
      lastName: appointment.last_name,
      bookerFirstName: appointment.booker_first_name,
      email: appointment.email,
      phone: appointment.wireless_phone,
      appointmentId: appointment.appointment_id,
      patientId: appointment.patient_id,
      channels,
    },
    { now, publicUrl: deps.publicUrl },
  );
  return record('requested', created.request_id);
}
