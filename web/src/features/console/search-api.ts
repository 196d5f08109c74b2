import { queryOptions } from '@tanstack/react-query';
import { StaffSearchResultSchema } from '#domain/staff/staff-inbox-schemas.ts';
import { apiResult } from '../../lib/api-client.ts';

/** `GET /api/v1/staff/search?q=`: each search is an audit row, so it is asked once per search, never refreshed. The server judges the query (400 below 2 characters). */
export function searchQuery(practiceId: string, q: string) {
  return queryOptions({
    queryKey: ['search', practiceId, q] as const,
    queryFn: async ({ signal }) =>
      apiResult({ path: '/staff/search', query: { q }, result: StaffSearchResultSchema, signal }),
    staleTime: Infinity,
    gcTime: 0,
  });
}
