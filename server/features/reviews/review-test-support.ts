import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { CreateReviewRequestInput } from '#domain/reviews/review-request-schemas.ts';
import type { Database } from '../../db/database.ts';

/** Shared by the review and admin API tests. */
export const TEST_ADMIN_KEY = 'test-admin-key-0123456789abcdef';
export const TEST_PUBLIC_URL = 'https://book.example.test';

export async function postReviewRequest(
  app: FastifyInstance,
  body: Partial<CreateReviewRequestInput>,
  key = TEST_ADMIN_KEY,
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/review-requests',
    headers: { authorization: `Bearer ${key}` },
    payload: { form_url: 'test-practice', patient_first_name: 'Ana', patient_last_name: 'Lopez', ...body },
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

export async function newReviewRequest(app: FastifyInstance, body: Partial<CreateReviewRequestInput> = {}) {
  const { status, body: created } = await postReviewRequest(app, body);
  expect(status).toBe(201);
  const result = created.result as { request_id: string; review_url: string; sent_via: string[] };
  return { ...result, token: result.review_url.split('/review/')[1]! };
}

export function readOutbox(db: Database) {
  return db.query<{ channel: string; recipient: string; subject: string | null; text: string }>(
    'select channel, recipient, subject, text from outbox_messages order by seq',
  );
}
