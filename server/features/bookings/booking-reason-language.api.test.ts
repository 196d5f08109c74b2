import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailAdapter } from '../../adapters/mail/outbox-mail-adapter.ts';
import { createOutboxSmsAdapter } from '../../adapters/sms/outbox-sms-adapter.ts';
import { createJobWorker } from '../../jobs/job-worker.ts';
import { createMessageJobHandlers } from '../../jobs/message-jobs.ts';
import { createTestApp, fixedClock } from '../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { importPractices, practiceConfig, reasonId } from '../../test/practice-factory.ts';
import { bookingBody } from '../../test/booking-factory.ts';
import { solveBotChallenge } from '../../test/bot-challenge.ts';

/** Issue 19: the patient's messages name the reason in the booking's language; the practice's stay English. */

const clock = fixedClock('2026-03-02T12:00:00Z');
const silent = { warn: () => undefined, error: () => undefined };
let testDb: TestDatabase;
let app: FastifyInstance;
let practiceId: string;
let examId: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  const ids = await importPractices(
    testDb.db,
    practiceConfig({
      notification_email: 'office@test-practice.example',
      reasons: [{ name: 'Exam', final_duration: 30, to_show_providers: true, providers: [], translations: { es: { name: 'Examen general' } } }],
    }),
  );
  practiceId = ids['test-practice']!;
  examId = await reasonId(testDb.db, practiceId, 'Exam');
  app = await createTestApp(testDb.db, { clock });
});
afterAll(async () => {
  await app?.close();
  await testDb?.destroy();
});

async function bookAndSend(overrides: Record<string, unknown>) {
  await testDb.db.query('delete from outbox_messages');
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/appointment',
    payload: { ...bookingBody({ practice_id: practiceId, rfv_id: examId }), ...overrides },
    headers: { 'x-bot-challenge': await solveBotChallenge(app) },
  });
  expect(response.statusCode).toBe(201);
  const worker = createJobWorker({ db: testDb.db, clock, handlers: createMessageJobHandlers({ mail: createOutboxMailAdapter(testDb.db), sms: createOutboxSmsAdapter(testDb.db) }), logger: silent });
  await worker.runDueJobs();
  const messages = await testDb.db.query<{ recipient: string; text: string; attachments: { content: string }[] | null }>(
    'select recipient, text, attachments from outbox_messages order by seq',
  );
  return { toPatient: messages.find((m) => m.recipient === 'ana.lopez@example.com')!, toPractice: messages.find((m) => m.recipient === 'office@test-practice.example')! };
}

describe('the reason in booking messages', () => {
  it('is named in Spanish for a patient who booked in Spanish, and in English for the practice', async () => {
    const { toPatient, toPractice } = await bookAndSend({ start_time: '09:00:00', end_time: '09:30:00', language: 'es' });
    expect(toPatient.text).toContain('Examen general');
    expect(toPatient.attachments![0]!.content).toContain('SUMMARY:Examen general');
    expect(toPractice.text).toContain('Reason: Exam\n');
    expect(toPractice.text).not.toContain('Examen');
  });

  it('is named in English for a patient who booked in English', async () => {
    const { toPatient, toPractice } = await bookAndSend({ start_time: '10:00:00', end_time: '10:30:00', language: 'en' });
    expect(toPatient.text).toContain('Reason: Exam\n');
    expect(toPatient.text).not.toContain('Examen');
    expect(toPractice.text).not.toContain('Examen');
  });
});
