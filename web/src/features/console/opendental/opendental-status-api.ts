import { queryOptions } from '@tanstack/react-query';
import { OpenDentalStatusSchema, type OpenDentalStatus } from '#domain/staff/opendental-status-schemas.ts';
import { ApiError, apiResult } from '../../../lib/api-client.ts';
import { pollHeader } from '../console-request.ts';

/** Read again this often while the console is open: the sync refreshes the near dates every minute (ADR 0071). */
export const OPENDENTAL_STATUS_REFRESH_MS = 30_000;

/**
 * `GET /api/v1/staff/opendental/status`: the practice's Open Dental mirror, or null for a practice
 * that is not on Open Dental (the server's 404), so that the console shows nothing then. Every
 * read is `X-Console-Poll`: nobody asked for it, so it neither keeps a session awake nor writes an audit row.
 */
export function openDentalStatusQuery(practiceId: string) {
  return queryOptions({
    queryKey: ['opendental-status', practiceId] as const,
    queryFn: async ({ signal }): Promise<OpenDentalStatus | null> => {
      try {
        return await apiResult({
          path: '/staff/opendental/status',
          result: OpenDentalStatusSchema,
          headers: pollHeader(true),
          signal,
        });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    refetchInterval: OPENDENTAL_STATUS_REFRESH_MS,
  });
}
