import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  StaffCancelBodySchema,
  StaffRescheduleBodySchema,
  StaffScheduleQuerySchema,
  StaffSlotsQuerySchema,
} from '#domain/staff/staff-appointment-schemas.ts';
import { ok, parseBody, parseQuery } from '../../../http/request-parsing.ts';
import type { BookingLifecycle } from '../../bookings/booking-lifecycle-service.ts';
import { pathId } from '../staff-path-id.ts';
import { audit, staffOf } from '../staff-session-guard.ts';
import { createStaffAppointmentActions } from './staff-appointment-actions.ts';
import { appointmentNotFound, createStaffScheduleReader, type StaffScheduleDeps } from './staff-schedule-service.ts';
import { registerStaffRequestRoutes } from '../requests/staff-requests-routes.ts';

export interface StaffScheduleRoutesDeps extends StaffScheduleDeps {
  lifecycle: BookingLifecycle;
  publicUrl: string;
}

type ById = { Params: { id: string } };
const idOf = (request: FastifyRequest<ById>) => pathId(request.params.id, appointmentNotFound);

const SCHEDULE = { config: { staff: { permission: 'schedule' as const } } };
const BOOKINGS = { config: { staff: { permission: 'bookings' as const } } };

/**
 * The console's schedule and what staff do to a booking (ADR 0038), the contract of
 * domain/staff/staff-appointment-schemas.ts. Every query is scoped by the session's practice.
 */
export function registerStaffScheduleRoutes(staff: FastifyInstance, deps: StaffScheduleRoutesDeps): void {
  const reader = createStaffScheduleReader(deps);
  const actions = createStaffAppointmentActions({ ...deps, reader });

  // The list: no audit row (a console refreshes it every few seconds; opening a booking is one).
  staff.get('/appointments', SCHEDULE, async (request) =>
    ok(await reader.schedule(staffOf(request).practiceId, parseQuery(StaffScheduleQuerySchema, request.query))),
  );

  staff.get<ById>('/appointments/:id', BOOKINGS, async (request) => {
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

  staff.post<ById>('/appointments/:id/confirm', BOOKINGS, async (request) =>
    ok(await actions.confirm(request, idOf(request))),
  );
  staff.post<ById>('/appointments/:id/arrived', BOOKINGS, async (request) =>
    ok(await actions.arrived(request, idOf(request))),
  );
  staff.post<ById>('/appointments/:id/no-show', BOOKINGS, async (request) =>
    ok(await actions.noShow(request, idOf(request))),
  );
  staff.post<ById>('/appointments/:id/undo', BOOKINGS, async (request) =>
    ok(await actions.undo(request, idOf(request))),
  );
  staff.post<ById>('/appointments/:id/resend-confirmation', BOOKINGS, async (request) =>
    ok(await actions.resendConfirmation(request, idOf(request))),
  );
  staff.post<ById>('/appointments/:id/cancel', BOOKINGS, async (request) => {
    const id = idOf(request);
    return ok(await actions.cancel(request, id, parseBody(StaffCancelBodySchema, request.body)));
  });
  staff.post<ById>('/appointments/:id/reschedule', BOOKINGS, async (request) => {
    const id = idOf(request);
    return ok(await actions.reschedule(request, id, parseBody(StaffRescheduleBodySchema, request.body)));
  });

  staff.get('/slots', BOOKINGS, async (request) =>
    ok(await reader.slots(staffOf(request).practiceId, parseQuery(StaffSlotsQuerySchema, request.query))),
  );

  registerStaffRequestRoutes(staff, deps);
}
