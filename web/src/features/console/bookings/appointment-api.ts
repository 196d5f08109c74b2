import { queryOptions } from '@tanstack/react-query';
import {
  StaffAppointmentDetailSchema,
  type StaffAppointmentDetail,
  type StaffCancelBody,
  type StaffRescheduleBody,
} from '#domain/staff/staff-appointment-schemas.ts';
import { apiResult } from '../../../lib/api-client.ts';
import { csrfHeader } from '../console-request.ts';

const path = (id: string) => `/staff/appointments/${encodeURIComponent(id)}`;

/**
 * `GET /api/v1/staff/appointments/{id}`: every opening is an audit row, so it is fetched once per
 * opening, never polled.
 */
export function appointmentQuery(practiceId: string, id: string) {
  return queryOptions({
    queryKey: ['appointment', practiceId, id] as const,
    queryFn: async ({ signal }) => apiResult({ path: path(id), result: StaffAppointmentDetailSchema, signal }),
    staleTime: Infinity,
    gcTime: 0,
  });
}

export type SimpleAction = 'confirm' | 'arrived' | 'no-show' | 'undo' | 'resend-confirmation';

/** `POST …/{confirm|arrived|no-show|undo|resend-confirmation}` with `{}`. */
export async function runAction(csrfToken: string, id: string, action: SimpleAction): Promise<StaffAppointmentDetail> {
  return apiResult({
    method: 'POST',
    path: `${path(id)}/${action}`,
    result: StaffAppointmentDetailSchema,
    body: {},
    headers: csrfHeader(csrfToken),
  });
}

/** `POST …/cancel`: the patient is told; a refund only when asked for. */
export async function cancelAppointment(
  csrfToken: string,
  id: string,
  body: StaffCancelBody,
): Promise<StaffAppointmentDetail> {
  return apiResult({
    method: 'POST',
    path: `${path(id)}/cancel`,
    result: StaffAppointmentDetailSchema,
    body,
    headers: csrfHeader(csrfToken),
  });
}

/** `POST …/reschedule` to a free time of the slot engine. */
export async function rescheduleAppointment(
  csrfToken: string,
  id: string,
  body: StaffRescheduleBody,
): Promise<StaffAppointmentDetail> {
  return apiResult({
    method: 'POST',
    path: `${path(id)}/reschedule`,
    result: StaffAppointmentDetailSchema,
    body,
    headers: csrfHeader(csrfToken),
  });
}
