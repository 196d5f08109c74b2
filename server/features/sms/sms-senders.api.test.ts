import { describe, expect, it } from 'vitest';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { SEND_SMS_JOB } from '../../jobs/message-jobs.ts';
import { importPractices } from '../../test/practice-factory.ts';
import {
  OWN_NUMBER,
  queueReviewText,
  runAppJobs,
  SERVICE_SID,
  withTextingApp,
  TEXTING_PRACTICES,
  TWILIO_FROM,
} from './sms-test-kit.ts';

/** Who sends a practice's texts (ADR 0033): its own sms_from, else TWILIO_FROM; each text sent is recorded. */
const { clock, twilio, ids, texting } = withTextingApp();

describe('the sender of a text', () => {
  it("is the practice's own number, else TWILIO_FROM, else its Messaging Service; each send is recorded", async () => {
    await queueReviewText(texting.app, 'own-number', '5125550123');
    await queueReviewText(texting.app, 'shared-a', '5125550124');
    await queueReviewText(texting.app, 'via-service', '+15125550125');
    await runAppJobs(texting.app, texting.db, clock);

    const byRecipient = Object.fromEntries(
      twilio.texts.map((text) => [text.to, { from: text.from, service: text.messagingServiceSid }]),
    );
    expect(byRecipient).toEqual({
      '+15125550123': { from: OWN_NUMBER, service: null },
      '+15125550124': { from: TWILIO_FROM, service: null },
      '+15125550125': { from: null, service: SERVICE_SID },
    });
    const sends = await texting.db.query(
      'select practice_id, recipient, sender, sent_at from sms_sends order by recipient',
    );
    expect(sends).toEqual([
      { practice_id: ids['own-number'], recipient: '+15125550123', sender: OWN_NUMBER, sent_at: clock.now() },
      { practice_id: ids['shared-a'], recipient: '+15125550124', sender: TWILIO_FROM, sent_at: clock.now() },
      { practice_id: ids['via-service'], recipient: '+15125550125', sender: SERVICE_SID, sent_at: clock.now() },
    ]);
  });

  it('stays off the public form details', async () => {
    const form = await texting.app.inject({ method: 'GET', url: '/api/v1/form/own-number' });
    expect(form.statusCode).toBe(200);
    expect(form.json().result).not.toHaveProperty('sms_from');
    expect(form.body).not.toContain(OWN_NUMBER);
  });

  it('is TWILIO_FROM for a text queued before senders were per practice (no practice in its payload)', async () => {
    await enqueueJob(texting.db, {
      type: SEND_SMS_JOB,
      payload: { to: '+15125550126', text: 'Queued last week', idempotencyKey: 'old:1' },
    });
    await runAppJobs(texting.app, texting.db, clock);
    expect(twilio.texts).toEqual([
      { to: '+15125550126', from: TWILIO_FROM, messagingServiceSid: null, body: 'Queued last week' },
    ]);
    expect(await texting.db.query(`select status from jobs where type = 'sms.send'`)).toEqual([{ status: 'done' }]);
    // No practice to route a reply to: nothing recorded.
    expect(await texting.db.query('select 1 from sms_sends')).toEqual([]);
  });

  it('is looked up at sending: a new sms_from applies to texts already queued, a removed one falls back', async () => {
    const withSender = (smsFrom: string | null) =>
      TEXTING_PRACTICES.map((p) => (p.form_url === 'own-number' ? { ...p, sms_from: smsFrom } : p));
    try {
      await queueReviewText(texting.app, 'own-number', '5125550127');
      await importPractices(texting.db, ...withSender('+15125550199'));
      await runAppJobs(texting.app, texting.db, clock);
      await importPractices(texting.db, ...withSender(null));
      await queueReviewText(texting.app, 'own-number', '5125550128');
      await runAppJobs(texting.app, texting.db, clock);
      expect(twilio.texts.map((text) => [text.to, text.from])).toEqual([
        ['+15125550127', '+15125550199'],
        ['+15125550128', TWILIO_FROM],
      ]);
    } finally {
      await importPractices(texting.db, ...TEXTING_PRACTICES);
    }
  });
});
