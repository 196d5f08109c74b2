import { z } from 'zod';

/**
 * `GET /api/v1/staff/opendental/status`: the session's practice's mirror of Open Dental (ADR 0071):
 * when it was last refreshed, how many seconds behind it is (null before its first refresh) and
 * the last error of its sync (null once a refresh succeeds).
 */
export const OpenDentalStatusSchema = z.object({
  last_refreshed_at: z.iso.datetime().nullable(),
  lag_seconds: z.number().int().min(0).nullable(),
  last_error: z.string().nullable(),
});
export type OpenDentalStatus = z.infer<typeof OpenDentalStatusSchema>;
