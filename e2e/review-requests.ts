import type { APIRequestContext } from '@playwright/test';
import { CreatedReviewRequestSchema } from '#domain/reviews/review-request-schemas.ts';
import { expect } from './fixtures.ts';

/**
 * The e2e server must run with this key: playwright.config.ts, webServer.env,
 * `ADMIN_API_KEY: 'e2e-admin-api-key-0123456789abcdef'`.
 */
export const ADMIN_API_KEY = 'e2e-admin-api-key-0123456789abcdef';
export const ADMIN_HEADERS = { authorization: `Bearer ${ADMIN_API_KEY}` };

/**
 * A review request for a patient of a practice (bright-smile unless told), made the way the practice
 * makes one (the admin API).
 */
export async function createReviewRequest(request: APIRequestContext, lastName: string, formUrl = 'bright-smile') {
  const response = await request.post('/api/v1/admin/review-requests', {
    headers: ADMIN_HEADERS,
    data: { form_url: formUrl, patient_first_name: 'Rosa', patient_last_name: lastName },
  });
  expect(
    response.status(),
    `the e2e server needs ADMIN_API_KEY=${ADMIN_API_KEY} (playwright.config.ts, webServer.env)`,
  ).toBe(201);
  return CreatedReviewRequestSchema.parse((await response.json()).result);
}
