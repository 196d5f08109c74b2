import { queryOptions } from '@tanstack/react-query';
import { PracticeSecuritySchema, type PracticeSecurity } from '#domain/staff/staff-accounts-schemas.ts';
import { apiResult } from '../../../lib/api-client.ts';
import { csrfHeader } from '../console-request.ts';

/** `GET /api/v1/staff/practice/security` (owners): the idle limit and whether a second factor is required. */
export function practiceSecurityQuery(practiceId: string) {
  return queryOptions({
    queryKey: ['practice-security', practiceId] as const,
    queryFn: async ({ signal }) =>
      apiResult({ path: '/staff/practice/security', result: PracticeSecuritySchema, signal }),
  });
}

/** `PUT /api/v1/staff/practice/security`: holds at once for every open session of the practice. */
export async function savePracticeSecurity(csrfToken: string, body: PracticeSecurity): Promise<PracticeSecurity> {
  return apiResult({
    method: 'PUT',
    path: '/staff/practice/security',
    result: PracticeSecuritySchema,
    body,
    headers: csrfHeader(csrfToken),
  });
}
