import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { ReasonForVisitSchema } from '#domain/practice/practice-schemas.ts';
import {
  StaffBlockCreatedSchema,
  StaffBlockDeletedSchema,
  StaffBookingCreatedSchema,
  type StaffBlockBody,
  type StaffBlockCreated,
  type StaffBookingBody,
  type StaffBookingCreated,
} from '#domain/staff/staff-booking-schemas.ts';
import { apiRequest, apiResult } from '../../../lib/api-client.ts';
import { csrfHeader } from '../console-request.ts';

/**
 * The practice's reasons for a visit, from the booking form's own list (`GET reason-for-visit`):
 * the console books with the same reasons a patient sees, so it needs no staff route of its own.
 */
export function reasonsQuery(practiceId: string, clinic: number | null) {
  return queryOptions({
    queryKey: ['desk-reasons', practiceId, clinic ?? 0] as const,
    queryFn: async ({ signal }) =>
      apiResult({
        path: '/reason-for-visit',
        query: { practice_id: practiceId, pms_clinic_num: clinic ?? undefined },
        result: z.array(ReasonForVisitSchema),
        signal,
      }),
    staleTime: 5 * 60_000,
  });
}

/**
 * `POST /api/v1/staff/appointments`: a patient who phoned, through the patient's booking service (409
 * SLOT_TAKEN, 422 with fields).
 */
export async function bookPatient(csrfToken: string, body: StaffBookingBody): Promise<StaffBookingCreated> {
  return apiResult({
    method: 'POST',
    path: '/staff/appointments',
    result: StaffBookingCreatedSchema,
    body,
    headers: csrfHeader(csrfToken),
  });
}

/** `POST /api/v1/staff/blocks`: built-in schedule only (409 for an Open Dental practice). */
export async function blockTime(csrfToken: string, body: StaffBlockBody): Promise<StaffBlockCreated> {
  return apiResult({
    method: 'POST',
    path: '/staff/blocks',
    result: StaffBlockCreatedSchema,
    body,
    headers: csrfHeader(csrfToken),
  });
}

/** `DELETE /api/v1/staff/blocks/{id}`. */
export async function unblockTime(csrfToken: string, id: string): Promise<void> {
  await apiRequest({
    method: 'DELETE',
    path: `/staff/blocks/${encodeURIComponent(id)}`,
    result: StaffBlockDeletedSchema,
    headers: csrfHeader(csrfToken),
  });
}
