import {
  FeedbackResultSchema,
  ReviewRequestLinkSchema,
  ReviewRequestPracticeSchema,
  type FeedbackBody,
  type ReviewRequestLink,
} from '#domain/reviews/review-schemas.ts';
import { apiGet, apiRequest, apiUrl, ApiError, unknownErrorMessage } from '../../lib/api-client.ts';

/** Spec section 7: GET review/verify-request-link/{review token}. */
export function fetchReviewRequestLink(token: string): Promise<ReviewRequestLink> {
  return apiGet(`/review/verify-request-link/${encodeURIComponent(token)}`, ReviewRequestLinkSchema);
}

export function reviewRequestLinkQuery(token: string) {
  return {
    queryKey: ['review-request-link', token] as const,
    queryFn: () => fetchReviewRequestLink(token),
    staleTime: Infinity,
  };
}

/** The practice of a review request: the feedback page wears its branding. */
export function reviewRequestPracticeQuery(requestId: string) {
  return {
    queryKey: ['review-request-practice', requestId] as const,
    queryFn: () => apiGet(`/review/request/${encodeURIComponent(requestId)}/practice`, ReviewRequestPracticeSchema),
    staleTime: Infinity,
  };
}

/** Spec section 7: POST review/feedback; resolves with the server's success message. */
export async function sendFeedback(body: FeedbackBody): Promise<string | undefined> {
  const response = await apiRequest({ method: 'POST', path: '/review/feedback', body, result: FeedbackResultSchema });
  return response.message;
}

/** Spec section 7: the tracking link is opened in a new tab on the API host, not fetched. */
export function reviewTrackingUrl(requestId: string): string {
  return apiUrl(`/review/track/${encodeURIComponent(requestId)}`);
}

export function errorMessageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : unknownErrorMessage();
}
