import { queryOptions } from '@tanstack/react-query';
import {
  StaffFeedbackDetailSchema,
  StaffFeedbackListSchema,
  type FeedbackStatus,
  type StaffFeedbackDetail,
} from '#domain/staff/staff-inbox-schemas.ts';
import { apiResult } from '../../../lib/api-client.ts';
import { csrfHeader, pollHeader } from '../console-request.ts';

const path = (id: string) => `/staff/feedback/${encodeURIComponent(id)}`;

/** How often the nav's open count (and the open list, when shown) is read again: new feedback shows within this. */
export const FEEDBACK_POLL_MS = 60_000;

/**
 * `GET /api/v1/staff/feedback?status=`: no audit row on the server, so the nav's badge may read it
 * too. A read of a list already on the screen is a refresh, marked `X-Console-Poll` so that the
 * badge's minute-by-minute reads do not keep an idle console signed in.
 */
export function feedbackListQuery(practiceId: string, status: FeedbackStatus) {
  return queryOptions({
    queryKey: ['feedback', practiceId, status] as const,
    queryFn: async ({ client, queryKey, signal }) => {
      const isPoll = client.getQueryData(queryKey) !== undefined;
      return apiResult({
        path: '/staff/feedback',
        query: { status },
        result: StaffFeedbackListSchema,
        headers: pollHeader(isPoll),
        signal,
      });
    },
  });
}

/** `GET /api/v1/staff/feedback/{id}`: every opening is an audit row, so it is read once per opening. */
export function feedbackDetailQuery(practiceId: string, id: string) {
  return queryOptions({
    queryKey: ['feedback-detail', practiceId, id] as const,
    queryFn: async ({ signal }) => apiResult({ path: path(id), result: StaffFeedbackDetailSchema, signal }),
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** `POST …/{id}/handled` with an optional note (409 when someone handled it first). */
export async function markFeedbackHandled(csrfToken: string, id: string, note: string): Promise<StaffFeedbackDetail> {
  return apiResult({
    method: 'POST',
    path: `${path(id)}/handled`,
    result: StaffFeedbackDetailSchema,
    body: { note: note.trim() || null },
    headers: csrfHeader(csrfToken),
  });
}
