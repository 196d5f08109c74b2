import type { BookingResult } from '#domain/booking/booking-schemas.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { translator } from '../../i18n/translate.ts';
import * as messages from './bookings.messages.ts';

const t = translator(messages);

import {
  createAppointment,
  prepareBooking,
  requestHash,
  settledLater,
  type BookingTransactionDeps,
  type BookingRequest,
  type CreatedAppointment,
  type PreparedBooking,
} from './booking-transaction.ts';
import { claimKey, findStoredResponse, storeResponse } from '../../db/idempotency-repository.ts';
import { mintManageLink } from '../booking-links/manage-links.ts';
import { resendingOnAlreadyBooked } from './already-booked.ts';
import { findFormUrlOfAppointment } from '../practices/practices-service.ts';

export type { BookingRequest } from './booking-transaction.ts';

export interface BookingResponse {
  status: number;
  body: { success: true; message: string; result: BookingResult };
}

export interface BookingsService {
  book(request: BookingRequest): Promise<BookingResponse>;
  /**
   * A booking prepared by the staff console for a patient who phoned (ADR 0038): the same
   * transaction as `book` (slot check, exclusion constraints, Open Dental write-back, reminders,
   * the patient's confirmation), without the patient's own steps (bot check, one-time code,
   * payment, idempotency key). `alsoInTransaction` (the audit row) commits with the booking.
   */
  bookPrepared(
    prepared: PreparedBooking,
    alsoInTransaction: (tx: Queryable, created: CreatedAppointment) => Promise<void>,
  ): Promise<CreatedAppointment>;
}

/** The payment return (spec: the success page books "once with payment details"). */
export type PaymentReturnHandler = (sessionId: string, practiceId: unknown) => Promise<BookingResponse>;

class IdempotentReplay extends Error {}

type BookingsDeps = BookingTransactionDeps & { db: Database; onPaymentReturn?: PaymentReturnHandler };

async function replay(deps: BookingsDeps, key: string, hash: string): Promise<BookingResponse | null> {
  const stored = await findStoredResponse(deps.db, key);
  if (!stored) return null;
  if (stored.request_hash !== hash) {
    throw AppError.validation(t.localized('idempotencyKeyReused'), {
      'Idempotency-Key': t.localized('idempotencyKeyReusedField'),
    });
  }
  const earlier = { status: stored.response_status, body: stored.response_body as BookingResponse['body'] };
  // The retry gets a manage link of its own: the first answer's token was never stored.
  const formUrl = await findFormUrlOfAppointment(deps.db, earlier.body.result.appointment_id);
  if (!formUrl) return earlier;
  const link = await mintManageLink(deps.db, {
    appointmentId: earlier.body.result.appointment_id,
    formUrl,
    carriedBy: 'booking_response',
    now: deps.clock.now(),
  });
  return withManagePath(earlier, link.path);
}

/** The part of a booking both paths share inside their transaction; its event announces the slot taken (ADR 0069). */
function insertBooked(deps: BookingsDeps, tx: Queryable, prepared: PreparedBooking): Promise<CreatedAppointment> {
  return createAppointment(tx, deps, prepared, { status: 'booked' });
}

async function book(deps: BookingsDeps, request: BookingRequest): Promise<BookingResponse> {
  const key = request.idempotencyKey;
  if (key !== undefined && !/^[\w-]{8,200}$/.test(key)) throw AppError.badRequest(t.localized('idempotencyKeyFormat'));
  const sessionId = paymentSessionOf(request.body);
  if (sessionId && deps.onPaymentReturn)
    return deps.onPaymentReturn(sessionId, (request.body as { practice_id?: unknown }).practice_id);
  const hash = requestHash(request.body);
  // The stored answer and the booking's checks are looked up together: on PostgreSQL they share one wait (ADR 0078).
  // Both only read; a replay drops what the checks found, or refused.
  const preparing = settledLater(prepareBooking(deps, request));
  if (key) {
    const earlier = await replay(deps, key, hash);
    if (earlier) return earlier;
  }
  const prepared = await preparing;
  if (prepared.reason.is_payment_enabled) {
    throw AppError.badRequest(t.localized('paidOnline'), { rfv_id: t.localized('paidOnlineField') });
  }
  try {
    return await resendingOnAlreadyBooked(deps, () => bookInTransaction(deps, prepared, key, hash));
  } catch (error) {
    if (error instanceof IdempotentReplay && key) {
      const earlier = await replay(deps, key, hash);
      if (earlier) return earlier;
    }
    throw error;
  }
}

function bookInTransaction(
  deps: BookingsDeps,
  prepared: PreparedBooking,
  key: string | undefined,
  hash: string,
): Promise<BookingResponse> {
  return deps.db.transaction(async (tx) => {
    if (key && !(await claimKey(tx, key, hash))) throw new IdempotentReplay();
    const created = await insertBooked(deps, tx, prepared);
    const link = await mintManageLink(tx, {
      appointmentId: created.appointmentId,
      formUrl: prepared.practice.form_url,
      carriedBy: 'booking_response',
      now: deps.clock.now(),
    });
    const booked: BookingResponse = {
      status: 201,
      body: {
        success: true,
        message: t(prepared.body.language, created.slot ? 'booked' : 'requestReceived'),
        result: created.result,
      },
    };
    // Stored without the manage link: only hashes of link tokens are kept (ADR 0033).
    if (key) await storeResponse(tx, key, booked.status, booked.body);
    return withManagePath(booked, link.path);
  });
}

async function bookPrepared(
  deps: BookingsDeps,
  prepared: PreparedBooking,
  alsoInTransaction: (tx: Queryable, created: CreatedAppointment) => Promise<void>,
): Promise<CreatedAppointment> {
  return resendingOnAlreadyBooked(deps, () =>
    deps.db.transaction(async (tx) => {
      const inserted = await insertBooked(deps, tx, prepared);
      await alsoInTransaction(tx, inserted);
      return inserted;
    }),
  );
}

export function createBookingsService(deps: BookingsDeps): BookingsService {
  return {
    book: (request) => book(deps, request),
    bookPrepared: (prepared, alsoInTransaction) => bookPrepared(deps, prepared, alsoInTransaction),
  };
}

function withManagePath(response: BookingResponse, managePath: string): BookingResponse {
  return { ...response, body: { ...response.body, result: { ...response.body.result, manage_path: managePath } } };
}

function paymentSessionOf(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const details = (body as { payment_details?: unknown }).payment_details;
  if (!details || typeof details !== 'object') return null;
  const sessionId = (details as { session_id?: unknown }).session_id;
  return typeof sessionId === 'string' && sessionId.length > 0 ? sessionId : null;
}
