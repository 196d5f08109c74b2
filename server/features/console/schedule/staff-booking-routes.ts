import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createStaffBookingBodySchema,
  StaffBlockBodySchema,
  StaffBlockCreatedSchema,
  StaffBlockDeletedSchema,
  StaffBookingCreatedSchema,
} from '#domain/staff/staff-booking-schemas.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';
import type { Clock } from '../../../clock.ts';
import type { Database } from '../../../db/database.ts';
import { ok, parseBody } from '../../../http/request-parsing.ts';
import { answers, BODY_ERRORS, checkedInHandler, okResult } from '../../../http/route-schemas.ts';
import type { AvailabilityService } from '../../availability/availability-service.ts';
import type { BookingsService } from '../../bookings/bookings-service.ts';
import type { PracticesService } from '../../practices/practices-service.ts';
import { audit, STAFF_ERRORS, staffOf } from '../staff-session-guard.ts';
import type { ScheduleBlockRow } from './schedule-blocks-repository.ts';
import { blockTime, requireBuiltinSchedule, unblockTime } from './schedule-blocks-service.ts';
import { bookPatientWhoPhoned } from './staff-booking-service.ts';

export interface StaffBookingRoutesDeps {
  db: Database;
  clock: Clock;
  practices: PracticesService;
  availability: AvailabilityService;
  bookings: BookingsService;
}

const SCHEMAS = {
  book: {
    summary: 'Books a patient who phoned into a free time (staff ignore the notice period)',
    tags: ['staff'],
    // Declared here, checked in the handler: birth dates are judged by the practice's today.
    body: checkedInHandler(createStaffBookingBodySchema({ today: '2000-01-01' })),
    response: answers({ 201: okResult(StaffBookingCreatedSchema) }, [...STAFF_ERRORS, ...BODY_ERRORS, 404, 409]),
  },
  block: {
    summary: "Blocks time on the practice's built-in schedule (409 for an Open Dental practice)",
    tags: ['staff'],
    body: StaffBlockBodySchema,
    response: answers({ 201: okResult(StaffBlockCreatedSchema) }, [...STAFF_ERRORS, ...BODY_ERRORS, 409]),
  },
  unblock: {
    summary: 'Removes blocked time',
    tags: ['staff'],
    // Any text: an id that is none is the same 404 as an unknown one (staff-path-id.ts).
    params: z.object({ id: z.string() }),
    response: answers({ 200: okResult(StaffBlockDeletedSchema) }, [...STAFF_ERRORS, 404, 409]),
  },
};

/**
 * Booking for a patient who phoned, and blocked time (ADR 0038; contract in
 * domain/staff/staff-booking-schemas.ts). Each change writes its audit row in its own transaction.
 */
export function registerStaffBookingRoutes(app: FastifyInstance, deps: StaffBookingRoutesDeps): void {
  const staff = app.withTypeProvider<ZodTypeProvider>();
  const bookingsRule = { config: { staff: { permission: 'bookings' as const } }, schema: SCHEMAS.book };
  staff.post('/appointments', bookingsRule, async (request, reply) => {
    const me = staffOf(request);
    const practice = await deps.practices.requirePractice(me.practiceId);
    // Birth dates are judged by the practice's today, as on the patient's form.
    const body = parseBody(
      createStaffBookingBodySchema({ today: localDateOf(deps.clock.now(), practice.server_tz) }),
      request.body,
    );
    const booked = await bookPatientWhoPhoned(
      deps,
      { practice, accountId: me.accountId, email: me.email, ip: request.ip },
      body,
      (tx, created) =>
        audit(
          request,
          deps,
          {
            action: 'appointment.create',
            targetType: 'appointment',
            targetId: created.appointmentId,
            details: {
              reference: created.result.reference,
              starts_at: created.slot?.startsAt.toISOString() ?? null,
              pms_prov_num: created.result.pms_prov_num,
            },
          },
          tx,
        ),
    );
    return reply.status(201).send(ok(booked));
  });

  const scheduleRule = { config: { staff: { permission: 'schedule' as const } } };
  staff.post('/blocks', { ...scheduleRule, schema: SCHEMAS.block }, async (request, reply) => {
    const me = staffOf(request);
    const practice = await deps.practices.requirePractice(me.practiceId);
    requireBuiltinSchedule(practice);
    const created = await blockTime(
      deps,
      { practice, accountId: me.accountId, email: me.email },
      request.body,
      (tx, block) =>
        audit(
          request,
          deps,
          { action: 'schedule.block', targetType: 'schedule_block', targetId: block.id, details: blockDetails(block) },
          tx,
        ),
    );
    return reply.status(201).send(ok(created));
  });

  staff.delete('/blocks/:id', { ...scheduleRule, schema: SCHEMAS.unblock }, async (request) => {
    const me = staffOf(request);
    const removed = await unblockTime(
      deps,
      { practiceId: me.practiceId, email: me.email },
      request.params.id,
      (tx, block) =>
        audit(
          request,
          deps,
          {
            action: 'schedule.unblock',
            targetType: 'schedule_block',
            targetId: block.id,
            details: blockDetails(block),
          },
          tx,
        ),
    );
    return ok(removed);
  });
}

function blockDetails(block: Omit<ScheduleBlockRow, 'id'>) {
  return {
    starts_at: block.starts_at.toISOString(),
    ends_at: block.ends_at.toISOString(),
    pms_prov_num: block.pms_prov_num,
    pms_op_num: block.pms_op_num,
    pms_clinic_num: block.pms_clinic_num,
    label: block.label,
  };
}
