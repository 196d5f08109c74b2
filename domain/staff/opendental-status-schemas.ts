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

/**
 * `POST /api/v1/staff/opendental/refresh` → 202: when the mirror's forced pass was queued (ADR 0084). It reads
 * Open Dental behind the office's other requests, one at a time; the status above tells when it has.
 */
export const OpenDentalRefreshSchema = z.object({ queued_at: z.iso.datetime() });
export type OpenDentalRefresh = z.infer<typeof OpenDentalRefreshSchema>;
