import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { CreateReviewRequestInput } from '#domain/reviews/review-request-schemas.ts';
import { createOutboxMailAdapter } from '../../adapters/mail/outbox-mail-adapter.ts';
import { createOutboxSmsAdapter } from '../../adapters/sms/outbox-sms-adapter.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import type { JobHandler } from '../../jobs/job-queue.ts';
import { createJobWorker } from '../../jobs/job-worker.ts';
import { createMessageJobHandlers } from '../../jobs/message-jobs.ts';

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

/** Runs the worker until nothing is due, with the outbox adapters and any extra handlers. */
export async function runJobsUntilIdle(
  db: Database,
  clock: Clock,
  extra: Record<string, JobHandler> = {},
): Promise<void> {
  const silent = { warn: () => undefined, error: () => undefined };
  const worker = createJobWorker({
    db,
    clock,
    handlers: {
      ...createMessageJobHandlers({ mail: createOutboxMailAdapter(db), sms: createOutboxSmsAdapter(db) }),
      ...extra,
    },
    logger: silent,
  });
  for (let pass = 0; pass < 20 && (await worker.runDueJobs()) > 0; pass++);
}

export function readOutbox(db: Database) {
  return db.query<{ channel: string; recipient: string; subject: string | null; text: string }>(
    'select channel, recipient, subject, text from outbox_messages order by seq',
  );
}
