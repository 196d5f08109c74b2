import { queryOptions } from '@tanstack/react-query';
import {
  CreatedReviewRequestSchema,
  type CreatedReviewRequest,
  type ReviewChannel,
} from '#domain/reviews/review-request-schemas.ts';
import { StaffReviewRequestListSchema, type StaffReviewRequestInput } from '#domain/staff/staff-inbox-schemas.ts';
import { apiResult } from '../../../lib/api-client.ts';
import { csrfHeader } from '../console-request.ts';

/** `GET /api/v1/staff/review-requests?from&to` (the practice's days, newest first): who was asked, and who clicked. */
export function reviewRequestsQuery(practiceId: string, from: string, to: string) {
  return queryOptions({
    queryKey: ['review-requests', practiceId, from, to] as const,
    queryFn: async ({ signal }) =>
      apiResult({
        path: '/staff/review-requests',
        query: { from, to },
        result: StaffReviewRequestListSchema,
        signal,
      }),
  });
}

/**
 * `POST /api/v1/staff/review-requests`: the admin API's service for the session's practice (its
 * consent rule decides where it may go).
 */
export async function sendReviewRequest(
  csrfToken: string,
  body: StaffReviewRequestInput,
): Promise<CreatedReviewRequest> {
  return apiResult({
    method: 'POST',
    path: '/staff/review-requests',
    result: CreatedReviewRequestSchema,
    body,
    headers: csrfHeader(csrfToken),
  });
}

const CHANNEL_NAMES: Record<ReviewChannel, string> = { email: 'e-mail', sms: 'text' };

/** ["email", "sms"] → "e-mail and text". */
export const channelsText = (channels: readonly ReviewChannel[]) => channels.map((c) => CHANNEL_NAMES[c]).join(' and ');

/** What the person is told once a request exists: where it went, or the link to pass on themselves. */
export const sentText = (created: CreatedReviewRequest) =>
  created.sent_via.length > 0
    ? `Review request sent by ${channelsText(created.sent_via)}.`
    : `Review request created, not sent. Give the patient this link: ${created.review_url}`;
