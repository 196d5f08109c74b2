import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type {
  StaffAppointmentDetail,
  StaffCancelBody,
  StaffRescheduleBody,
} from '#domain/staff/staff-appointment-schemas.ts';
import { formatInstantLocal } from '#domain/time/zoned-time.ts';
import type { Queryable } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import type { BookingLifecycle, ChangeHooks } from '../../bookings/booking-lifecycle-service.ts';
import { findBookingView, type BookingState } from '../../bookings/booking-view.ts';
import { paidCentsOf } from '../../manage/manage-view.ts';
import { queueCancellationRefund } from '../../payments/cancellation-refund.ts';
import { audit, staffOf } from '../staff-session-guard.ts';
import { appointmentNotFound, type StaffScheduleDeps, type StaffScheduleReader } from './staff-schedule-service.ts';
import { queueStaffConfirmation } from './staff-confirmation.ts';
import { canUndoMark } from './mark-undo.ts';
import { recordBookingFact } from '../../bookings/booking-lifecycle-steps.ts';
import { findDetailRow, isPracticeAppointment } from './staff-schedule-repository.ts';

export interface StaffActionDeps extends StaffScheduleDeps {
  lifecycle: BookingLifecycle;
  reader: StaffScheduleReader;
  publicUrl: string;
}

const conflict = (message: string) => new AppError(409, 'CONFLICT', message);

/** The practice's booking, or 404; the lifecycle's locked row is checked again in the change. */
async function own(deps: StaffActionDeps, request: FastifyRequest, appointmentId: string): Promise<string> {
  const { practiceId } = staffOf(request);
  if (!(await isPracticeAppointment(deps.db, practiceId, appointmentId))) throw appointmentNotFound();
  return practiceId;
}

const scoped = (practiceId: string) => (_tx: Queryable, current: BookingState) => {
  if (current.practice_id !== practiceId) throw appointmentNotFound();
};

const wall = (state: BookingState, timeZone: string) =>
  state.starts_at ? formatInstantLocal(state.starts_at, timeZone).slice(0, 16) : null;

function record(
  deps: StaffActionDeps,
  request: FastifyRequest,
  tx: Queryable,
  action: string,
  appointmentId: string,
  details: Record<string, unknown>,
) {
  return audit(request, deps, { action, targetType: 'appointment', targetId: appointmentId, details }, tx);
}

async function managedRow(tx: Queryable, appointmentId: string) {
  const row = await findBookingView(tx, appointmentId);
  if (!row) throw appointmentNotFound();
  return row;
}

async function changeStatus(
  deps: StaffActionDeps,
  request: FastifyRequest,
  appointmentId: string,
  to: 'confirmed' | 'arrived' | 'no_show',
  extra: ChangeHooks['check'] = () => undefined,
): Promise<StaffAppointmentDetail> {
  const practiceId = await own(deps, request, appointmentId);
  await deps.lifecycle.changeStatus(
    appointmentId,
    to,
    { actor: 'staff', staffEmail: staffOf(request).email },
    {
      async check(tx, current) {
        scoped(practiceId)(tx, current);
        await extra(tx, current);
      },
      after: (tx, before, after) =>
        record(deps, request, tx, `appointment.${to === 'confirmed' ? 'confirm' : to}`, appointmentId, {
          from: before.status,
          to: after.status,
        }),
    },
  );
  return deps.reader.detail(practiceId, appointmentId);
}

function markNoShow(deps: StaffActionDeps, request: FastifyRequest, id: string): Promise<StaffAppointmentDetail> {
  return changeStatus(deps, request, id, 'no_show', (_tx, current) => {
    // Nobody misses a visit that has not begun (the status may still allow it).
    if (
      current.status !== 'no_show' &&
      (!current.starts_at || current.starts_at.getTime() > deps.clock.now().getTime())
    )
      throw conflict('This visit has not begun yet, so it cannot be marked a no-show.');
  });
}

/** Takes back today's arrived or no-show (ADR 0064), through the lifecycle service; audited with both statuses. */
async function undo(deps: StaffActionDeps, request: FastifyRequest, id: string): Promise<StaffAppointmentDetail> {
  const practiceId = await own(deps, request, id);
  const practice = await deps.practices.requirePractice(practiceId);
  const context = {
    now: deps.clock.now(),
    timeZone: practice.server_tz,
    isOpenDental: practice.pms.type === 'opendental',
  };
  await deps.lifecycle.undoMark(
    id,
    {
      check(tx, current) {
        scoped(practiceId)(tx, current);
        if (!canUndoMark(current, context))
          throw conflict(
            'Only an arrived or no-show marked today can be undone (a no-show in Open Dental: undo it there).',
          );
      },
      after: (tx, before, after) =>
        record(deps, request, tx, 'appointment.undo', id, { from: before.status, to: after.status }),
    },
    { actor: 'staff', staffEmail: staffOf(request).email },
  );
  return deps.reader.detail(practiceId, id);
}

/** Cancels with the staff's reason; the patient is told in their language; a refund only when asked for. */
async function cancel(
  deps: StaffActionDeps,
  request: FastifyRequest,
  id: string,
  body: StaffCancelBody,
): Promise<StaffAppointmentDetail> {
  const practiceId = await own(deps, request, id);
  const practice = await deps.practices.requirePractice(practiceId);
  await deps.lifecycle.changeStatus(
    id,
    'cancelled',
    { actor: 'staff', reason: body.reason, staffEmail: staffOf(request).email },
    {
      check: scoped(practiceId),
      async after(tx, before) {
        const row = await managedRow(tx, id);
        const paid = paidCentsOf(row);
        const refundCents = body.refund && paid ? ((await queueCancellationRefund(tx, row, paid)) ? paid : null) : null;
        // The patient's message follows the event (ADR 0069); without a refund it says nothing of money.
        await record(deps, request, tx, 'appointment.cancel', id, {
          reason: body.reason,
          refund_cents: refundCents,
          from: before.status,
          when: wall(before, practice.server_tz),
        });
        return refundCents ? { refund_cents: refundCents } : undefined;
      },
    },
  );
  return deps.reader.detail(practiceId, id);
}

/**
 * Any free time of the slot engine, without the minimum notice; a taken time is a 409 SLOT_TAKEN.
 * A request without a time gets its first one: it is booked, and the patient gets the confirmation.
 */
async function reschedule(
  deps: StaffActionDeps,
  request: FastifyRequest,
  id: string,
  body: StaffRescheduleBody,
): Promise<StaffAppointmentDetail> {
  const practiceId = await own(deps, request, id);
  const practice = await deps.practices.requirePractice(practiceId);
  const startTime = body.start_time.length === 5 ? `${body.start_time}:00` : body.start_time;
  await deps.lifecycle.reschedule(
    id,
    { date: body.apt_date, startTime, provNum: body.pms_prov_num, anyNotice: true },
    {
      check: scoped(practiceId),
      async after(tx, before, after) {
        // The patient's confirmation or update follows the event (ADR 0069).
        if (before.status === 'requested') {
          await record(deps, request, tx, 'appointment.schedule', id, {
            to: wall(after, practice.server_tz),
            to_prov: after.pms_prov_num,
          });
          return;
        }
        await record(deps, request, tx, 'appointment.reschedule', id, {
          from: wall(before, practice.server_tz),
          to: wall(after, practice.server_tz),
          from_prov: before.pms_prov_num,
          to_prov: after.pms_prov_num,
        });
      },
    },
    { actor: 'staff', staffEmail: staffOf(request).email },
  );
  return deps.reader.detail(practiceId, id);
}

/** The booking's confirmation e-mail again, as it is now, with a fresh manage link and idempotency key. */
async function resendConfirmation(
  deps: StaffActionDeps,
  request: FastifyRequest,
  id: string,
): Promise<StaffAppointmentDetail> {
  const practiceId = await own(deps, request, id);
  const practice = await deps.practices.requirePractice(practiceId);
  await deps.db.transaction(async (tx) => {
    // Through `tx` one after another: PGlite has one connection, held by this transaction.
    const detail = await findDetailRow(tx, practiceId, id);
    const row = await findBookingView(tx, id);
    if (!detail || !row) throw appointmentNotFound();
    if (!['requested', 'booked', 'confirmed'].includes(row.status))
      throw conflict(`This appointment is ${row.status.replace('_', ' ')}: there is no confirmation to send.`);
    if (!row.email) throw conflict('This booking has no e-mail address to send the confirmation to.');
    await queueStaffConfirmation(
      tx,
      { detail, row, practice },
      {
        now: deps.clock.now(),
        publicUrl: deps.publicUrl,
        idempotencyKey: `booking-confirmation:${id}:resend:${randomUUID()}`,
      },
    );
    await record(deps, request, tx, 'appointment.resend_confirmation', id, { channel: 'email' });
    // Nothing changed, but the history tells it: an event of its own (ADR 0069).
    const actor = { kind: 'staff' as const, email: staffOf(request).email };
    await recordBookingFact(tx, id, { type: 'booking.confirmation_resent', actor, at: deps.clock.now() });
  });
  return deps.reader.detail(practiceId, id);
}

/**
 * What the front desk does to a booking (ADR 0038), each through the booking lifecycle service
 * with the same messages as the patient's own change (manage-messages.ts), and its audit row in
 * the change's transaction. The practice's patient policy (cut-offs, counts) does not bind staff.
 */
export function createStaffAppointmentActions(deps: StaffActionDeps) {
  return {
    confirm: (request: FastifyRequest, id: string) => changeStatus(deps, request, id, 'confirmed'),
    arrived: (request: FastifyRequest, id: string) => changeStatus(deps, request, id, 'arrived'),
    noShow: (request: FastifyRequest, id: string) => markNoShow(deps, request, id),
    undo: (request: FastifyRequest, id: string) => undo(deps, request, id),
    cancel: (request: FastifyRequest, id: string, body: StaffCancelBody) => cancel(deps, request, id, body),
    reschedule: (request: FastifyRequest, id: string, body: StaffRescheduleBody) => reschedule(deps, request, id, body),
    resendConfirmation: (request: FastifyRequest, id: string) => resendConfirmation(deps, request, id),
  };
}

export type StaffAppointmentActions = ReturnType<typeof createStaffAppointmentActions>;
