import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  REQUESTS_LIMIT,
  StaffRequestListSchema,
  type StaffRequestItem,
  type StaffRequestList,
} from '#domain/staff/staff-requests-schemas.ts';
import { ok } from '../../../http/request-parsing.ts';
import { answers, okResult } from '../../../http/route-schemas.ts';
import { audit, isPoll, STAFF_ERRORS, staffOf } from '../staff-session-guard.ts';
import { isNewPatient } from '../schedule/staff-appointment-view.ts';
import type { StaffScheduleDeps } from '../schedule/staff-schedule-service.ts';
import { findScheduleSetup } from '../schedule/staff-schedule-repository.ts';
import { listOpenRequests, type RequestRow } from './staff-requests-repository.ts';

/**
 * `GET /api/v1/staff/requests` (domain/staff/staff-requests-schemas.ts): the bookings without a time
 * that the schedule's grid cannot show. A console refreshes it as a poll; the load of someone who
 * opened the list is an audit row with the ids shown (the list carries contacts, not only names).
 */
const schema = {
  summary: 'Bookings without a time, which the schedule cannot show',
  tags: ['staff'],
  response: answers({ 200: okResult(StaffRequestListSchema) }, STAFF_ERRORS),
};

export function registerStaffRequestRoutes(staff: FastifyInstance, deps: StaffScheduleDeps): void {
  const route = { schema, config: { staff: { permission: 'bookings' as const } } };
  staff.withTypeProvider<ZodTypeProvider>().get('/requests', route, async (request) => {
    const { practiceId } = staffOf(request);
    const [rows, setup] = await Promise.all([
      listOpenRequests(deps.db, practiceId, REQUESTS_LIMIT),
      findScheduleSetup(deps.db, practiceId),
    ]);
    if (!isPoll(request)) {
      await audit(request, deps, {
        action: 'requests.list',
        targetType: 'appointment',
        details: { results: rows.length, appointment_ids: rows.map((row) => row.id) },
      });
    }
    const result: StaffRequestList = {
      requests: rows.map(toItem),
      total: rows[0]?.total ?? 0,
      limit: REQUESTS_LIMIT,
      providers: setup.providers
        .filter((p) => p.is_active)
        .map((p) => ({ pms_prov_num: p.pms_prov_num, name: p.name, pms_clinic_nums: p.pms_clinic_nums })),
    };
    return ok(result);
  });
}

function toItem(row: RequestRow): StaffRequestItem {
  return {
    id: row.id,
    reference: row.reference,
    created_at: row.created_at.toISOString(),
    patient: { first_name: row.first_name, last_name: row.last_name, is_new: isNewPatient(row) },
    email: row.email,
    phone: row.wireless_phone,
    booked_by: row.booker_first_name
      ? { first_name: row.booker_first_name, last_name: row.booker_last_name ?? '' }
      : null,
    reason: { id: row.reason_id, name: row.reason_name ?? '' },
    // 0 is "any provider" on the wire.
    provider: row.pms_prov_num > 0 ? { pms_prov_num: row.pms_prov_num, name: row.provider_name } : null,
    clinic_name: row.clinic_name,
  };
}
