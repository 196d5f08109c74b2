import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { StaffScheduleSchema } from '#domain/staff/staff-appointment-schemas.ts';
import { apiResult } from '../../../lib/api-client.ts';
import { pollHeader } from '../console-request.ts';

/** How often an open console asks for the schedule again: a new booking shows within this. */
export const SCHEDULE_POLL_MS = 5_000;

/**
 * `GET /api/v1/staff/appointments?from&to`, every 5 s while the page is open. The first load of a
 * range is the person's own doing; every later fetch of it is a refresh marked `X-Console-Poll`,
 * so an idle console still times out and no refresh is an audit row. All the practice's clinics
 * come at once: the clinic selector filters in the browser.
 */
export function scheduleQuery(practiceId: string, from: string, to: string) {
  return queryOptions({
    queryKey: ['schedule', practiceId, from, to] as const,
    queryFn: async ({ client, queryKey, signal }) => {
      const isPoll = client.getQueryData(queryKey) !== undefined;
      return apiResult({
        path: '/staff/appointments',
        query: { from, to },
        result: StaffScheduleSchema,
        headers: pollHeader(isPoll),
        signal,
      });
    },
    refetchInterval: SCHEDULE_POLL_MS,
    placeholderData: keepPreviousData,
  });
}
