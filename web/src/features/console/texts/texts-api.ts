import { queryOptions } from '@tanstack/react-query';
import { StaffTextsSchema } from '#domain/staff/staff-texts-schemas.ts';
import { apiResult } from '../../../lib/api-client.ts';

/**
 * `GET /api/v1/staff/texts`: the latest texts from patients that are not keywords (ADR 0066). Read
 * when the page opens, not as a poll: each read is an audit row, since the texts are patients' words.
 */
export function textsQuery(practiceId: string) {
  return queryOptions({
    queryKey: ['texts', practiceId] as const,
    queryFn: ({ signal }) => apiResult({ path: '/staff/texts', result: StaffTextsSchema, signal }),
  });
}
