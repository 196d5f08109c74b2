import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  StaffAppointmentDetailSchema,
  StaffCancelBodySchema,
  StaffRescheduleBodySchema,
  StaffScheduleQuerySchema,
  StaffScheduleSchema,
  StaffSlotsQuerySchema,
  StaffSlotsSchema,
} from '#domain/staff/staff-appointment-schemas.ts';
import { ok } from '../../../http/request-parsing.ts';
import { answers, BODY_ERRORS, okResult } from '../../../http/route-schemas.ts';
import type { BookingLifecycle } from '../../bookings/booking-lifecycle-service.ts';
import { pathId } from '../staff-path-id.ts';
import { audit, STAFF_ERRORS, staffOf } from '../staff-session-guard.ts';
import { createStaffAppointmentActions } from './staff-appointment-actions.ts';
import { appointmentNotFound, createStaffScheduleReader, type StaffScheduleDeps } from './staff-schedule-service.ts';
import { registerStaffRequestRoutes } from '../requests/staff-requests-routes.ts';

export interface StaffScheduleRoutesDeps extends StaffScheduleDeps {
  lifecycle: BookingLifecycle;
  publicUrl: string;
}

const idOf = (request: { params: { id: string } }) => pathId(request.params.id, appointmentNotFound);

const tags = ['staff'];
// Any text: an id that is none is the same 404 as an unknown one (staff-path-id.ts).
const params = z.object({ id: z.string() });
// The detail's own schema, so what the detail grows (its history) is described as it is sent.
const detail = okResult(StaffAppointmentDetailSchema);
/** A change to one booking: its detail after, 404 for another practice's, 409 when its state refuses. */
const action = (summary: string) => ({
  summary,
  tags,
  params,
  response: answers({ 200: detail }, [...STAFF_ERRORS, ...BODY_ERRORS, 404, 409]),
});
const SCHEMAS = {
  schedule: {
    summary: "The practice's bookings, blocks and hours between two days (at most 31)",
    tags,
    querystring: StaffScheduleQuerySchema,
    response: answers({ 200: okResult(StaffScheduleSchema) }, STAFF_ERRORS),
  },
  detail: {
    summary: 'One booking: patient, messages, history, what staff may do now, and other bookings',
    tags,
    params,
    response: answers({ 200: detail }, [...STAFF_ERRORS, 404]),
  },
  confirm: action('Marks the booking confirmed by the practice'),
  arrived: action('Marks the patient arrived'),
  noShow: action('Marks the patient a no-show'),
  undo: action('Takes back an arrived or no-show mark made today (ADR 0064)'),
  resend: action("Sends the patient's confirmation again"),
  cancel: { ...action('Cancels the booking, with a reason and an optional refund'), body: StaffCancelBodySchema },
  reschedule: {
    ...action('Moves the booking to another free time (a request gets its first time)'),
    body: StaffRescheduleBodySchema,
  },
  slots: {
    summary: 'The free times of one day for staff: any notice, not past',
    tags,
    querystring: StaffSlotsQuerySchema,
    response: answers({ 200: okResult(StaffSlotsSchema) }, [...STAFF_ERRORS, 404, 422]),
  },
};

const SCHEDULE = { config: { staff: { permission: 'schedule' as const } } };
const BOOKINGS = { config: { staff: { permission: 'bookings' as const } } };

/**
 * The console's schedule and what staff do to a booking (ADR 0038), the contract of
 * domain/staff/staff-appointment-schemas.ts. Every query is scoped by the session's practice.
 */
export function registerStaffScheduleRoutes(app: FastifyInstance, deps: StaffScheduleRoutesDeps): void {
  const staff = app.withTypeProvider<ZodTypeProvider>();
  const reader = createStaffScheduleReader(deps);
  const actions = createStaffAppointmentActions({ ...deps, reader });

  // The list: no audit row (a console refreshes it every few seconds; opening a booking is one).
  staff.get('/appointments', { ...SCHEDULE, schema: SCHEMAS.schedule }, async (request) =>
    ok(await reader.schedule(staffOf(request).practiceId, request.query)),
  );

  staff.get('/appointments/:id', { ...BOOKINGS, schema: SCHEMAS.detail }, async (request) => {
    const id = idOf(request);
    const detail = await reader.detail(staffOf(request).practiceId, id);
    await audit(request, deps, {
      action: 'appointment.view',
      targetType: 'appointment',
      targetId: id,
      details: { reference: detail.reference },
    });
    return ok(detail);
  });

  staff.post('/appointments/:id/confirm', { ...BOOKINGS, schema: SCHEMAS.confirm }, async (request) =>
    ok(await actions.confirm(request, idOf(request))),
  );
  staff.post('/appointments/:id/arrived', { ...BOOKINGS, schema: SCHEMAS.arrived }, async (request) =>
    ok(await actions.arrived(request, idOf(request))),
  );
  staff.post('/appointments/:id/no-show', { ...BOOKINGS, schema: SCHEMAS.noShow }, async (request) =>
    ok(await actions.noShow(request, idOf(request))),
  );
  staff.post('/appointments/:id/undo', { ...BOOKINGS, schema: SCHEMAS.undo }, async (request) =>
    ok(await actions.undo(request, idOf(request))),
  );
  staff.post('/appointments/:id/resend-confirmation', { ...BOOKINGS, schema: SCHEMAS.resend }, async (request) =>
    ok(await actions.resendConfirmation(request, idOf(request))),
  );
  staff.post('/appointments/:id/cancel', { ...BOOKINGS, schema: SCHEMAS.cancel }, async (request) => {
    const id = idOf(request);
    return ok(await actions.cancel(request, id, request.body));
  });
  staff.post('/appointments/:id/reschedule', { ...BOOKINGS, schema: SCHEMAS.reschedule }, async (request) => {
    const id = idOf(request);
    return ok(await actions.reschedule(request, id, request.body));
  });

  staff.get('/slots', { ...BOOKINGS, schema: SCHEMAS.slots }, async (request) =>
    ok(await reader.slots(staffOf(request).practiceId, request.query)),
  );

  registerStaffRequestRoutes(app, deps);
}
