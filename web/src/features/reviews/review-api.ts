import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  FeedbackResultSchema,
  ReviewRequestLinkSchema,
  ReviewRequestPracticeSchema,
  type FeedbackBody,
  type ReviewRequestLink,
} from '#domain/reviews/review-schemas.ts';
import type { Language } from '#domain/i18n/languages.ts';
import { PRACTICE_DATA_ELEMENT_ID } from '#domain/practice/practice-page-data.ts';
import { currentLanguage } from '../../lib/i18n/language-state.ts';
import { apiGet, apiRequest, apiUrl, ApiError, unknownErrorMessage } from '../../lib/api-client.ts';

/** Spec section 7: GET review/verify-request-link/{review token}. */
export function fetchReviewRequestLink(token: string): Promise<ReviewRequestLink> {
  return apiGet(`/review/verify-request-link/${encodeURIComponent(token)}`, ReviewRequestLinkSchema);
}

/**
 * The language is in the key, so that after a switch a failed lookup's message (which replaces
 * the page) comes again in the new language; the link already shown stays meanwhile.
 */
export function reviewRequestLinkQuery(token: string, language: Language) {
  return queryOptions({
    queryKey: ['review-request-link', token, language] as const,
    queryFn: () => fetchReviewRequestLink(token),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === token ? previous : undefined),
    staleTime: Infinity,
  });
}

/** In the browser: the review page's part of the server's data element (the entry parses only the practice's). */
export function seedEmbeddedReviewPages(queryClient: QueryClient): void {
  try {
    seedReviewPages(queryClient, JSON.parse(document.getElementById(PRACTICE_DATA_ELEMENT_ID)?.textContent ?? '{}'));
  } catch {
    // Not JSON: the page's queries fetch what they need.
  }
}

const ServerReviewSchema = z.object({ token: z.string(), link: ReviewRequestLinkSchema });

/**
 * A server-rendered review page's link, or the feedback page's practice (ADR 0072), where its query
 * looks for it, so the first render is the server's; what does not parse is left for the query to fetch.
 */
export function seedReviewPages(
  queryClient: QueryClient,
  data: { review?: unknown; feedback?: unknown },
  language: Language = currentLanguage(),
): void {
  const review = ServerReviewSchema.safeParse(data.review);
  if (review.success)
    queryClient.setQueryData(reviewRequestLinkQuery(review.data.token, language).queryKey, review.data.link);
  const practice = ReviewRequestPracticeSchema.safeParse(data.feedback);
  if (practice.success)
    queryClient.setQueryData(reviewRequestPracticeQuery(practice.data.request_id, language).queryKey, practice.data);
}

/** The practice of a review request: the feedback page wears its branding. */
export function reviewRequestPracticeQuery(requestId: string, language: Language) {
  return queryOptions({
    queryKey: ['review-request-practice', requestId, language] as const,
    queryFn: () => apiGet(`/review/request/${encodeURIComponent(requestId)}/practice`, ReviewRequestPracticeSchema),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === requestId ? previous : undefined),
    staleTime: Infinity,
  });
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
