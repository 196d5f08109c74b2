import { queryOptions } from '@tanstack/react-query';
import { StaffRequestListSchema } from '#domain/staff/staff-requests-schemas.ts';
import { apiResult } from '../../../lib/api-client.ts';
import { pollHeader } from '../console-request.ts';

/** How often the list of requests without a time and its count in the navigation are read again. */
export const REQUESTS_POLL_MS = 30_000;

/**
 * `GET /api/v1/staff/requests`, the page's list. Its first load is the person opening it (an audit
 * row on the server: the list carries contacts); every later read is a refresh marked
 * `X-Console-Poll`, which neither counts as activity nor writes a row.
 */
export function requestsQuery(practiceId: string) {
  return queryOptions({
    queryKey: ['requests', practiceId, 'list'] as const,
    queryFn: async ({ client, queryKey, signal }) => {
      const isPoll = client.getQueryData(queryKey) !== undefined;
      return apiResult({
        path: '/staff/requests',
        result: StaffRequestListSchema,
        headers: pollHeader(isPoll),
        signal,
      });
    },
    refetchInterval: REQUESTS_POLL_MS,
  });
}

/**
 * The navigation's count: always a poll (it shows no patient, and is nobody's doing), kept apart from
 * the page's list.
 */
export function requestsCountQuery(practiceId: string) {
  return queryOptions({
    queryKey: ['requests', practiceId, 'count'] as const,
    queryFn: async ({ signal }) =>
      (await apiResult({ path: '/staff/requests', result: StaffRequestListSchema, headers: pollHeader(true), signal }))
        .total,
    refetchInterval: REQUESTS_POLL_MS,
  });
}
