import { infiniteQueryOptions } from '@tanstack/react-query';
import { AuditPageSchema } from '#domain/staff/staff-accounts-schemas.ts';
import { apiUrl } from '../../../lib/api-client.ts';
import { apiResult } from '../../../lib/api-client.ts';

/**
 * `GET /api/v1/staff/audit?from&to[&before]` (owners), newest first, a page at a time. Every read
 * is itself a row of the trail, so a page is read once per viewing: never refreshed, and dropped
 * when the page closes.
 */
export function auditTrailQuery(practiceId: string, from: string, to: string) {
  return infiniteQueryOptions({
    queryKey: ['audit', practiceId, from, to] as const,
    queryFn: async ({ pageParam, signal }) =>
      apiResult({
        path: '/staff/audit',
        query: { from, to, before: pageParam ?? undefined },
        result: AuditPageSchema,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_before,
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** `GET /api/v1/staff/audit/export.csv?from&to`: a plain link, so the browser downloads the attachment itself. */
export const auditExportUrl = (from: string, to: string) => apiUrl('/staff/audit/export.csv', { from, to });
