import { queryOptions } from '@tanstack/react-query';
import { StaffSearchResultSchema } from '#domain/staff/staff-inbox-schemas.ts';
import { staffRequest } from './console-request.ts';

/** `GET /api/v1/staff/search?q=`: each search is an audit row, so it is asked once per search, never refreshed. The server judges the query (400 below 2 characters). */
export function searchQuery(practiceId: string, q: string) {
  return queryOptions({
    queryKey: ['search', practiceId, q] as const,
    queryFn: async ({ signal }) =>
      (await staffRequest({ path: '/staff/search', query: { q }, result: StaffSearchResultSchema, signal })).result,
    staleTime: Infinity,
    gcTime: 0,
  });
}
