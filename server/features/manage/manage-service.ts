import type { ManageSlotsQuery } from '#domain/availability/slot-request-schemas.ts';
import type { ManageRefusal } from '#domain/booking/manage-policy.ts';
import type { CancelBody, ManagedAppointment, RescheduleBody } from '#domain/booking/manage-schemas.ts';
import type { Language } from '#domain/i18n/languages.ts';
import type { CheckoutSession } from '#domain/payments/payment-schemas.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { translator } from '../../i18n/translate.ts';
import type { AvailabilityService } from '../availability/availability-service.ts';
import type { SlotListPayload } from '../availability/slot-list-payload.ts';
import { openBookingLink } from '../booking-links/booking-links.ts';
import type { BookingLifecycle } from '../bookings/booking-lifecycle-service.ts';
import { requestHash } from '../bookings/booking-transaction.ts';
import { claimKey, findStoredResponse, storeResponse } from '../../db/idempotency-repository.ts';
import { queueCancellationRefund } from '../payments/cancellation-refund.ts';
import type { PaymentsService } from '../payments/payments-service.ts';
import type { PracticeRow, PracticesService } from '../practices/practices-service.ts';
import { confirmVisit } from '../reminders/visit-confirmation.ts';
import { managedIcs } from './manage-messages.ts';
import { findBookingView, type BookingView } from '../bookings/booking-view.ts';
import { allowanceOf, canPayOnline, toManagedAppointment } from './manage-view.ts';
import * as messages from './manage.messages.ts';

const t = translator(messages);
const NOT_FOUND = t.localized('notFound');

/**
 * The patient's side of a booking after it is made (ADR 0036): everything goes through the booking
 * lifecycle service, with the practice's policy checked on the locked row in the same transaction
 * that moves or cancels, and the messages queued in it too.
 */
export interface ManageService {
  view(token: string, language: Language): Promise<ManagedAppointment>;
  slots(token: string, query: ManageSlotsQuery): Promise<SlotListPayload>;
  /** `unchanged`: the booking was at that time already, so nothing changed; what to tell the patient. */
  reschedule(
    token: string,
    body: RescheduleBody,
    idempotencyKey: string | undefined,
    language: Language,
  ): Promise<{ appointment: ManagedAppointment; unchanged: string | null }>;
  cancel(token: string, body: CancelBody, language: Language): Promise<ManagedAppointment>;
  /** The patient says they will come (ADR 0037); again is no error. */
  confirm(token: string, language: Language): Promise<ManagedAppointment>;
  calendarFile(token: string): Promise<string>;
  /** A checkout for a booking left unpaid (the payment pages take it from there). */
  checkout(token: string): Promise<CheckoutSession>;
}

export interface ManageDeps {
  db: Database;
  clock: Clock;
  practices: PracticesService;
  availability: AvailabilityService;
  lifecycle: BookingLifecycle;
  payments: Pick<PaymentsService, 'retrySession'>;
  publicUrl: string;
}

const REFUSAL_TEXTS: Record<'reschedule' | 'cancel', Record<ManageRefusal, keyof typeof messages.en>> = {
  reschedule: {
    ended: 'rescheduleEnded',
    past: 'past',
    no_time: 'noTime',
    awaiting_payment: 'awaitingPayment',
    cutoff: 'rescheduleCutoff',
    max_reschedules: 'maxReschedules',
    not_offered: 'notOffered',
  },
  cancel: {
    ended: 'cancelEnded',
    past: 'past',
    no_time: 'noTime',
    awaiting_payment: 'awaitingPayment',
    cutoff: 'cancelCutoff',
    max_reschedules: 'maxReschedules',
    not_offered: 'notOffered',
  },
};

/** What the policy refuses is a 409: the request is sound, the booking's state says no. */
const refused = (action: 'reschedule' | 'cancel', refusal: ManageRefusal) =>
  new AppError(409, 'CONFLICT', t.localized(REFUSAL_TEXTS[action][refusal]));

/** A retry of a change that already committed: answered with the booking as it is now. */
class AlreadyApplied extends Error {}

async function open(deps: ManageDeps, token: string): Promise<{ appointmentId: string; practice: PracticeRow }> {
  const link = await openBookingLink(deps.db, token, 'manage', deps.clock.now());
  if (!link) throw AppError.notFound(NOT_FOUND);
  return { appointmentId: link.appointment_id, practice: await deps.practices.requirePractice(link.practice_id) };
}

async function rowOf(q: Queryable, appointmentId: string): Promise<BookingView> {
  const row = await findBookingView(q, appointmentId);
  if (!row) throw AppError.notFound(NOT_FOUND);
  return row;
}

async function viewOf(
  deps: ManageDeps,
  token: string,
  appointmentId: string,
  practice: PracticeRow,
  language: Language,
): Promise<ManagedAppointment> {
  return toManagedAppointment(await rowOf(deps.db, appointmentId), practice, token, deps.clock.now(), language);
}

async function view(deps: ManageDeps, token: string, language: Language): Promise<ManagedAppointment> {
  const { appointmentId, practice } = await open(deps, token);
  return viewOf(deps, token, appointmentId, practice, language);
}

async function slots(deps: ManageDeps, token: string, query: ManageSlotsQuery): Promise<SlotListPayload> {
  const { appointmentId, practice } = await open(deps, token);
  const row = await rowOf(deps.db, appointmentId);
  const allowance = allowanceOf(row, practice, deps.clock.now());
  if (!allowance.canReschedule) throw refused('reschedule', allowance.rescheduleRefusal!);
  // The booking decides the practice, reason and clinic; the patient only the dates and provider.
  const parsed = {
    ...query,
    practice_id: practice.id,
    reason_for_visit_id: row.reason_id,
    ...(row.pms_clinic_num !== null ? { pms_clinic_num: row.pms_clinic_num } : {}),
  };
  return deps.availability.listSlotsForMove(parsed, { appointmentId, pmsAptNum: row.pms_apt_num });
}

async function reschedule(
  deps: ManageDeps,
  token: string,
  body: RescheduleBody,
  idempotencyKey: string | undefined,
  language: Language,
): Promise<{ appointment: ManagedAppointment; unchanged: string | null }> {
  if (idempotencyKey !== undefined && !/^[\w-]{8,200}$/.test(idempotencyKey))
    throw AppError.badRequest(t.localized('idempotencyKeyFormat'));
  const { appointmentId, practice } = await open(deps, token);
  const hash = requestHash(body);
  // Scoped to the booking: a key means one change of one booking.
  const key = idempotencyKey ? `manage-reschedule:${appointmentId}:${idempotencyKey}` : null;
  let isMoved = true;
  try {
    ({ isMoved } = await deps.lifecycle.reschedule(
      appointmentId,
      { date: body.apt_date, startTime: body.start_time, provNum: body.pms_prov_num },
      {
        async check(tx, _current, change) {
          // Already at that time (a double click's second request, ADR 0042): nothing to claim
          // or to allow, since nothing will change; the key stays free for a real move.
          if (change?.isUnchanged) return;
          if (key && !(await claimKey(tx, key, hash))) throw new AlreadyApplied();
          const allowance = allowanceOf(await rowOf(tx, appointmentId), practice, deps.clock.now());
          if (!allowance.canReschedule) throw refused('reschedule', allowance.rescheduleRefusal!);
        },
        // The messages follow the move's event (ADR 0069).
        async after(tx) {
          if (key) await storeResponse(tx, key, 200, { appointment_id: appointmentId });
        },
      },
      { actor: 'patient' },
    ));
  } catch (error) {
    if (!(error instanceof AlreadyApplied) || !key) throw error;
    const stored = await findStoredResponse(deps.db, key);
    if (stored && stored.request_hash !== hash) {
      throw AppError.validation(t.localized('idempotencyKeyReused'), {
        'Idempotency-Key': t.localized('idempotencyKeyReusedField'),
      });
    }
  }
  return {
    appointment: await viewOf(deps, token, appointmentId, practice, language),
    unchanged: isMoved ? null : t(language, 'alreadyAtThisTime'),
  };
}

async function cancel(deps: ManageDeps, token: string, body: CancelBody, language: Language) {
  const { appointmentId, practice } = await open(deps, token);
  let refundCents: number | null = null;
  await deps.lifecycle.changeStatus(
    appointmentId,
    'cancelled',
    { actor: 'patient', reason: body.reason ?? null },
    {
      async check(tx) {
        const allowance = allowanceOf(await rowOf(tx, appointmentId), practice, deps.clock.now());
        if (!allowance.canCancel) throw refused('cancel', allowance.cancelRefusal!);
        refundCents = allowance.refundCentsIfCancelledNow;
      },
      async after(tx) {
        const row = await rowOf(tx, appointmentId);
        const refund = refundCents
          ? (await queueCancellationRefund(tx, row, refundCents))
            ? refundCents
            : 0
          : refundCents;
        // The messages follow the event, which carries the refund (ADR 0069).
        return refund ? { refund_cents: refund } : undefined;
      },
    },
  );
  return viewOf(deps, token, appointmentId, practice, language);
}

async function confirm(deps: ManageDeps, token: string, language: Language): Promise<ManagedAppointment> {
  const { appointmentId, practice } = await open(deps, token);
  if ((await confirmVisit({ lifecycle: deps.lifecycle, clock: deps.clock }, appointmentId)) === 'not_confirmable') {
    throw new AppError(409, 'CONFLICT', t.localized('notConfirmable'));
  }
  return viewOf(deps, token, appointmentId, practice, language);
}

async function checkout(deps: ManageDeps, token: string): Promise<CheckoutSession> {
  const { appointmentId, practice } = await open(deps, token);
  const row = await rowOf(deps.db, appointmentId);
  if (!canPayOnline(row, allowanceOf(row, practice, deps.clock.now()).state))
    throw new AppError(409, 'CONFLICT', t.localized('nothingToPay'));
  return deps.payments.retrySession(row.payment_session_id!, practice.id);
}

async function calendarFile(deps: ManageDeps, token: string): Promise<string> {
  const { appointmentId, practice } = await open(deps, token);
  const row = await rowOf(deps.db, appointmentId);
  if (!row.starts_at || !row.ends_at) throw new AppError(409, 'CONFLICT', t.localized('noTime'));
  return managedIcs(row, practice, deps.clock.now());
}

export function createManageService(deps: ManageDeps): ManageService {
  return {
    view: (token, language) => view(deps, token, language),
    slots: (token, query) => slots(deps, token, query),
    reschedule: (token, body, idempotencyKey, language) => reschedule(deps, token, body, idempotencyKey, language),
    cancel: (token, body, language) => cancel(deps, token, body, language),
    confirm: (token, language) => confirm(deps, token, language),
    checkout: (token) => checkout(deps, token),
    calendarFile: (token) => calendarFile(deps, token),
  };
}
