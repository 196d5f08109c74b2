import { afterEach, describe, expect, it } from 'vitest';
import { enqueueSms, OPTED_OUT_NOTE } from '../../jobs/message-jobs.ts';
import { bookingBody } from '../../test/booking-factory.ts';
import { solveBotChallenge } from '../../test/bot-challenge.ts';
import { reasonId } from '../../test/practice-factory.ts';
import { createTestApp } from '../../test/test-app.ts';
import { readOutbox } from '../reviews/review-test-support.ts';
import {
  inboundTexts,
  INBOUND_URL,
  OWN_NUMBER,
  queueReviewText,
  runAppJobs,
  SERVICE_SID,
  withTextingApp,
  smsConsents,
  textIn,
  TWILIO_FROM,
  twilioConfig,
} from './sms-test-kit.ts';

/** Texts patients send back (ADR 0033): routed by the number they were sent to, keywords applied, once each. */
const { clock, twilio, ids, texting } = withTextingApp();

const PATIENT = '+15125550123';

async function expectEmptyTwiml(response: Awaited<ReturnType<typeof textIn>>) {
  await expectTwiml(response, null);
}

/** Twilio's answer: one message back to the patient, or none (`null`: Twilio answers its own keywords). */
async function expectTwiml(response: Awaited<ReturnType<typeof textIn>>, message: string | null) {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/xml/);
  expect(response.body).toBe(
    message === null
      ? '<?xml version="1.0" encoding="UTF-8"?><Response/>'
      : `<?xml version="1.0" encoding="UTF-8"?><Response><Message>${message}</Message></Response>`,
  );
}

const OTHER_REPLY = 'Own Number Dental got your message. For anything urgent, please call (212) 555-0100.';

describe('routing a reply', () => {
  it('goes to the practice whose own number it was sent to, and answers with its phone', async () => {
    await expectTwiml(
      await textIn(texting.app, { From: PATIENT, To: OWN_NUMBER, Body: 'Can I come at 3?' }),
      OTHER_REPLY,
    );
    expect(await inboundTexts(texting.db)).toEqual([
      expect.objectContaining({
        practice_id: ids['own-number'],
        from_number: PATIENT,
        to_number: OWN_NUMBER,
        body: 'Can I come at 3?',
        kind: 'reply',
      }),
    ]);
  });

  it('goes, on a number two practices share, to the one that last texted the patient; else to none', async () => {
    await queueReviewText(texting.app, 'shared-a', '5125550123');
    await runAppJobs(texting.app, texting.db, clock);
    clock.advance(60_000);
    await queueReviewText(texting.app, 'shared-b', '5125550123');
    await runAppJobs(texting.app, texting.db, clock);
    await queueReviewText(texting.app, 'shared-a', '5125550124');
    await runAppJobs(texting.app, texting.db, clock);

    await textIn(texting.app, { From: PATIENT, To: TWILIO_FROM, Body: 'Thanks!' });
    await textIn(texting.app, { From: '+15125550124', To: TWILIO_FROM, Body: 'Thanks too' });
    await textIn(texting.app, { From: '+15125550125', To: TWILIO_FROM, Body: 'Who is this?' });
    const routed = Object.fromEntries(
      (await inboundTexts(texting.db)).map((text) => [text.from_number, text.practice_id]),
    );
    expect(routed).toEqual({ [PATIENT]: ids['shared-b'], '+15125550124': ids['shared-a'], '+15125550125': null });
  });

  it('goes to the practice whose Messaging Service the number belongs to', async () => {
    await textIn(texting.app, { From: PATIENT, To: '+15125550177', MessagingServiceSid: SERVICE_SID, Body: 'Hello' });
    expect((await inboundTexts(texting.db))[0]?.practice_id).toBe(ids['via-service']);
  });

  it('is kept unrouted when no practice texts from the number', async () => {
    await expectEmptyTwiml(await textIn(texting.app, { From: PATIENT, To: '+15125550999', Body: 'STOP' }));
    expect(await inboundTexts(texting.db)).toEqual([expect.objectContaining({ practice_id: null, kind: 'opt_out' })]);
    expect(await smsConsents(texting.db, PATIENT)).toEqual([]);
  });

  it('is stored once when Twilio delivers the same message twice', async () => {
    const message = { MessageSid: `SM${'9'.repeat(32)}`, From: PATIENT, To: TWILIO_FROM, Body: 'STOP' };
    await expectEmptyTwiml(await textIn(texting.app, message));
    await expectEmptyTwiml(await textIn(texting.app, message));
    expect(await inboundTexts(texting.db)).toHaveLength(1);
    // Its opt-out too: one row per practice on the number, not two.
    expect(await smsConsents(texting.db, PATIENT)).toHaveLength(2);
  });
});

describe('STOP and START', () => {
  it('STOP on a shared number opts out of every practice on it, stopping later texts; START lifts it', async () => {
    await expectEmptyTwiml(await textIn(texting.app, { From: PATIENT, To: TWILIO_FROM, Body: ' Stop ' }));
    const optOut = { granted: false, source: 'sms_reply', words: ' Stop ' };
    expect(await smsConsents(texting.db, PATIENT)).toEqual(
      expect.arrayContaining([
        { practice_id: ids['shared-a'], ...optOut },
        { practice_id: ids['shared-b'], ...optOut },
      ]),
    );
    expect(await smsConsents(texting.db, PATIENT)).toHaveLength(2);

    // A review request by text is not sent (the job is done, saying why); its e-mail still goes.
    await queueReviewText(texting.app, 'shared-a', '5125550123');
    // A practice on its own number is not affected.
    await queueReviewText(texting.app, 'own-number', '5125550123');
    // A code the patient asks for now goes despite the opt-out.
    await enqueueSms(texting.db, {
      to: PATIENT,
      text: 'Your Shared A Dental verification code is 123456.',
      idempotencyKey: 'code:1',
      practiceId: ids['shared-a']!,
      isRequestedByPatient: true,
    });
    await runAppJobs(texting.app, texting.db, clock);
    expect(twilio.texts.map((text) => [text.from, text.body.slice(0, 22)]).sort()).toEqual([
      [TWILIO_FROM, 'Your Shared A Dental v'],
      [OWN_NUMBER, 'Own Number Dental: tha'],
    ]);
    expect(
      await texting.db.query(
        `select status, last_error from jobs where type = 'sms.send' and dedupe_key like 'sms:review-request:%'
           order by last_error nulls first`,
      ),
    ).toEqual([
      { status: 'done', last_error: null },
      { status: 'done', last_error: OPTED_OUT_NOTE },
    ]);
    expect((await readOutbox(texting.db)).filter((m) => m.channel === 'email')).toHaveLength(2);

    twilio.texts.length = 0;
    await expectEmptyTwiml(await textIn(texting.app, { From: PATIENT, To: TWILIO_FROM, Body: 'START' }));
    expect((await smsConsents(texting.db, PATIENT)).slice(-2)).toEqual(
      expect.arrayContaining([
        { practice_id: ids['shared-a'], granted: true, source: 'sms_reply', words: 'START' },
        { practice_id: ids['shared-b'], granted: true, source: 'sms_reply', words: 'START' },
      ]),
    );
    await queueReviewText(texting.app, 'shared-a', '5125550123');
    await runAppJobs(texting.app, texting.db, clock);
    expect(twilio.texts.map((text) => text.to)).toEqual([PATIENT]);
  });

  it('holds an opt-out against a review request however its phone was typed; texts the one E.164 number', async () => {
    await expectEmptyTwiml(await textIn(texting.app, { From: PATIENT, To: OWN_NUMBER, Body: 'STOP' }));
    // The ways the admin API and the CLI take the same number: none reaches the patient who opted out.
    for (const typed of ['15125550123', '5125550123', '+15125550123'])
      await queueReviewText(texting.app, 'own-number', typed);
    await runAppJobs(texting.app, texting.db, clock);
    expect(twilio.texts).toEqual([]);
    const jobs = await texting.db.query<{ to: string; last_error: string | null }>(
      `select payload->>'to' as to, last_error from jobs where type = 'sms.send' and dedupe_key like
         'sms:review-request:%'`,
    );
    expect(jobs).toEqual(Array(3).fill({ to: PATIENT, last_error: OPTED_OUT_NOTE }));

    await expectEmptyTwiml(await textIn(texting.app, { From: PATIENT, To: OWN_NUMBER, Body: 'START' }));
    await queueReviewText(texting.app, 'own-number', '15125550123');
    await runAppJobs(texting.app, texting.db, clock);
    expect(twilio.texts.map((text) => text.to)).toEqual([PATIENT]);
  });

  it('START lifts only texted opt-outs, and grants nothing to a practice the patient never dealt with', async () => {
    await texting.db.query(
      `insert into contact_consents (practice_id, channel, recipient, granted, source, words, recorded_at)
       values ($1, 'sms', $2, false, 'manage_page', 'Stop texting me', $3)`,
      [ids['shared-a'], PATIENT, clock.now()],
    );
    // YES is Twilio's opt-in word too (and, for us, a confirmation).
    await textIn(texting.app, { From: PATIENT, To: TWILIO_FROM, Body: 'yes' });
    await textIn(texting.app, { From: PATIENT, To: OWN_NUMBER, Body: 'UNSTOP' });
    expect(await smsConsents(texting.db, PATIENT)).toEqual([
      { practice_id: ids['shared-a'], granted: false, source: 'manage_page', words: 'Stop texting me' },
    ]);
    expect((await inboundTexts(texting.db)).map((text) => text.kind)).toEqual(['confirm', 'opt_in']);
  });

  it('HELP is stored as help, routed, and answered with the practice and its phone', async () => {
    await expectTwiml(
      await textIn(texting.app, { From: PATIENT, To: OWN_NUMBER, Body: 'help' }),
      'Own Number Dental: appointment reminders and confirmations. Questions? Call (212) 555-0100. ' +
        'Reply STOP to stop texts.',
    );
    expect(await inboundTexts(texting.db)).toEqual([
      expect.objectContaining({ practice_id: ids['own-number'], kind: 'help' }),
    ]);
    expect(await smsConsents(texting.db, PATIENT)).toEqual([]);
  });
});

describe('the webhook itself', () => {
  it('refuses a forged or missing signature with 403 and stores nothing', async () => {
    const forged = await textIn(
      texting.app,
      { From: PATIENT, To: OWN_NUMBER, Body: 'STOP' },
      { signature: 'bm90IGEgc2lnbmF0dXJl' },
    );
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({ success: false, code: 'FORBIDDEN', message: 'The Twilio signature is not valid.' });
    expect(
      (await textIn(texting.app, { From: PATIENT, To: OWN_NUMBER, Body: 'STOP' }, { signature: null })).statusCode,
    ).toBe(403);
    expect(await inboundTexts(texting.db)).toEqual([]);
    expect(await smsConsents(texting.db, PATIENT)).toEqual([]);
  });

  it('answers 400 to a signed request that is not a text message', async () => {
    const response = await textIn(texting.app, { From: 'not a phone', To: OWN_NUMBER });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'BAD_REQUEST',
      fields: { From: 'From must be a phone number', Body: 'Body is required' },
    });
    const tooLong = await textIn(texting.app, { From: PATIENT, To: OWN_NUMBER, Body: 'x'.repeat(1601) });
    expect(tooLong.json()).toMatchObject({
      code: 'BAD_REQUEST',
      fields: { Body: 'Body must be at most 1600 characters' },
    });
    const huge = await texting.app.inject({
      method: 'POST',
      url: INBOUND_URL,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `Body=${'x'.repeat(20_000)}`,
    });
    expect(huge.statusCode).toBe(413);
    const nul = await textIn(texting.app, { From: PATIENT, To: OWN_NUMBER, Body: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    expect(await inboundTexts(texting.db)).toEqual([]);
  });

  it('is absent in production without Twilio, and unsigned with dev tools on for simulated replies', async () => {
    const production = await createTestApp(texting.db, {
      clock,
      config: { nodeEnv: 'production', devTools: false, twilio: undefined },
    });
    const local = await createTestApp(texting.db, { clock, config: { twilio: undefined, devTools: true } });
    try {
      const notThere = await textIn(production, { From: PATIENT, To: OWN_NUMBER, Body: 'Hello' });
      expect(notThere.statusCode).toBe(404);
      await expectTwiml(
        await textIn(local, { From: PATIENT, To: OWN_NUMBER, Body: 'Hello' }, { signature: null }),
        OTHER_REPLY,
      );
      expect(await inboundTexts(texting.db)).toEqual([
        expect.objectContaining({ practice_id: ids['own-number'], body: 'Hello' }),
      ]);
    } finally {
      await production.close();
      await local.close();
    }
  });

  it('has no unsigned simulated replies once Twilio is configured, dev tools on or not', async () => {
    for (const devTools of [true, false]) {
      const withTwilio = await createTestApp(texting.db, { clock, config: { ...twilioConfig(twilio.url), devTools } });
      try {
        const response = await withTwilio.inject({
          method: 'POST',
          url: '/_dev/sms/reply',
          payload: { from: PATIENT, to: OWN_NUMBER, body: 'STOP' },
        });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
      } finally {
        await withTwilio.close();
      }
    }
    expect(await inboundTexts(texting.db)).toEqual([]);
    expect(await smsConsents(texting.db, PATIENT)).toEqual([]);
  });
});

describe('keywords of our own (ADR 0037)', () => {
  it('answers the Spanish opt-out and opt-in words in Spanish and records them (Twilio knows no Spanish)', async () => {
    await expectTwiml(
      await textIn(texting.app, { From: PATIENT, To: OWN_NUMBER, Body: 'Parar.' }),
      'Ya no recibirá mensajes de texto de Own Number Dental. Responda COMENZAR para volver a recibirlos.',
    );
    expect(await smsConsents(texting.db, PATIENT)).toEqual([
      { practice_id: ids['own-number'], granted: false, source: 'sms_reply', words: 'Parar.' },
    ]);
    await expectTwiml(
      await textIn(texting.app, { From: PATIENT, To: OWN_NUMBER, Body: 'comenzar' }),
      'Volverá a recibir mensajes de texto de Own Number Dental. Responda PARAR para dejar de recibirlos.',
    );
    expect((await smsConsents(texting.db, PATIENT)).at(-1)).toMatchObject({ granted: true, source: 'sms_reply' });
    await expectTwiml(
      await textIn(texting.app, { From: PATIENT, To: OWN_NUMBER, Body: 'AYUDA' }),
      'Own Number Dental: recordatorios y confirmaciones de citas. ¿Preguntas? Llame al (212) ' +
        '555-0100. Responda PARAR para no recibir más mensajes.',
    );
  });

  it('answers a confirmation with nothing to confirm, and a reply to an unknown number with no practice', async () => {
    await expectTwiml(
      await textIn(texting.app, { From: PATIENT, To: OWN_NUMBER, Body: 'C' }),
      'Own Number Dental: we found no appointment waiting for confirmation from this number. ' +
        'Questions? Call (212) 555-0100.',
    );
    await expectTwiml(
      await textIn(texting.app, { From: PATIENT, To: '+15125550999', Body: 'C' }),
      'We could not tell which dental office this is for. Please call your dental office.',
    );
    expect((await inboundTexts(texting.db)).map((text) => [text.kind, text.practice_id])).toEqual([
      ['confirm', ids['own-number']],
      ['confirm', null],
    ]);
  });
});

/** A booking by PATIENT, texts consented; returns its id. */
async function book(formUrl: string, date: string, extra: { language?: 'en' | 'es' } = {}): Promise<string> {
  const practiceId = ids[formUrl]!;
  const response = await texting.app.inject({
    method: 'POST',
    url: '/api/v1/appointment',
    payload: bookingBody({
      practice_id: practiceId,
      rfv_id: await reasonId(texting.db, practiceId, 'Exam'),
      apt_date: date,
      wireless_phone: PATIENT,
      ...extra,
    }),
    headers: { 'x-bot-challenge': await solveBotChallenge(texting.app) },
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json().result as { appointment_id: string }).appointment_id;
}
const statusOf = async (id: string) =>
  (await texting.db.query<{ status: string }>('select status from appointments where id = $1', [id]))[0]!.status;

/** The reminders due at `at` go out (the factory's visits are at 09:00 in New York: texts 24 hours before). */
async function remindersDueAt(at: string): Promise<void> {
  clock.set(at);
  await runAppJobs(texting.app, texting.db, clock);
}

describe('confirming by text (ADR 0037)', () => {
  afterEach(() => clock.set('2026-03-02T12:00:00Z'));

  it('confirms the latest reminder’s visit only, once: a replay changes nothing, a second C says so', async () => {
    const next = await book('own-number', '2026-03-06', { language: 'es' });
    const later = await book('own-number', '2026-03-13', { language: 'es' });
    // No reminder texted yet: a C has nothing to confirm, though visits wait.
    const early = await textIn(texting.app, { From: PATIENT, To: OWN_NUMBER, Body: 'C' });
    expect(early.body).toContain('Own Number Dental: no encontramos ninguna cita pendiente de confirmar');
    expect([await statusOf(next), await statusOf(later)]).toEqual(['booked', 'booked']);

    await remindersDueAt('2026-03-05T14:00:05Z');
    // It asks for C, then ends with the carriers' opt-out line (ADR 0062).
    expect(
      twilio.texts.map((text) => [text.to, /Responda C para confirmar\.\s+Responda STOP/.test(text.body)]),
    ).toEqual([[PATIENT, true]]);
    const reply = { MessageSid: `SM${'c'.repeat(32)}`, From: PATIENT, To: OWN_NUMBER, Body: 'C' };
    expect((await textIn(texting.app, reply)).body).toMatch(
      /¡Gracias! Su cita en Own Number Dental el viernes, 6 de marzo de 2026, 9:00 a\.\s?m\. \(EST\) está confirmada\./,
    );
    expect([await statusOf(next), await statusOf(later)]).toEqual(['confirmed', 'booked']);

    // Twilio delivers the same message again: nothing changes and nothing is answered.
    await expectEmptyTwiml(await textIn(texting.app, reply));
    expect([await statusOf(next), await statusOf(later)]).toEqual(['confirmed', 'booked']);
    expect(
      (await inboundTexts(texting.db)).filter((text) => text.provider_message_id === reply.MessageSid),
    ).toHaveLength(1);

    // Another C: the reminded visit is confirmed already, and the later one is left for its own reminder.
    const again = await textIn(texting.app, { From: PATIENT, To: OWN_NUMBER, Body: 'c' });
    expect(again.body).toMatch(
      /Su cita en Own Number Dental el viernes, 6 de marzo de 2026.* ya está confirmada\. ¡Gracias!/,
    );
    expect([await statusOf(next), await statusOf(later)]).toEqual(['confirmed', 'booked']);
  });

  it('answers in English that an English visit is confirmed already', async () => {
    const visit = await book('own-number', '2026-03-20');
    await remindersDueAt('2026-03-19T13:00:05Z');
    await textIn(texting.app, { From: PATIENT, To: OWN_NUMBER, Body: 'Yes' });
    expect(await statusOf(visit)).toBe('confirmed');
    await expectTwiml(
      await textIn(texting.app, { From: PATIENT, To: OWN_NUMBER, Body: 'CONFIRM' }),
      'Your appointment at Own Number Dental on Friday, March 20, 2026 at 09:00 AM (EDT) is already ' +
        'confirmed. Thank you!',
    );
  });
});

describe('confirming on a number two practices share', () => {
  it('confirms the visit at the practice that last texted the patient a reminder from it', async () => {
    const atA = await book('shared-a', '2026-03-04');
    const atB = await book('shared-b', '2026-03-05');
    await remindersDueAt('2026-03-03T14:00:05Z');
    const first = await textIn(texting.app, { From: PATIENT, To: TWILIO_FROM, Body: 'C' });
    expect(first.body).toContain('Your appointment at Shared A Dental on Wednesday, March 4, 2026');
    expect([await statusOf(atA), await statusOf(atB)]).toEqual(['confirmed', 'booked']);

    await remindersDueAt('2026-03-04T14:00:05Z');
    const second = await textIn(texting.app, { From: PATIENT, To: TWILIO_FROM, Body: 'Confirm' });
    expect(second.body).toContain('Your appointment at Shared B Dental on Thursday, March 5, 2026');
    expect([await statusOf(atA), await statusOf(atB)]).toEqual(['confirmed', 'confirmed']);
  });
});

describe('status reports', () => {
  const report = (form: Record<string, string>, signature?: string | null) =>
    textIn(texting.app, form, { url: '/api/v1/sms/status', ...(signature !== undefined ? { signature } : {}) });

  it('are taken only with a valid signature, and recorded on the text they are about', async () => {
    await queueReviewText(texting.app, 'own-number', '5125550123');
    await runAppJobs(texting.app, texting.db, clock);
    const [sent] = await texting.db.query<{ provider_message_id: string; status: string }>(
      `select provider_message_id, status from message_deliveries where channel = 'sms'`,
    );
    expect(sent).toEqual({ provider_message_id: expect.stringMatching(/^SM[0-9a-f]{32}$/), status: 'sent' });
    const delivered = { MessageSid: sent!.provider_message_id, MessageStatus: 'delivered' };
    expect((await report(delivered, 'bm90IGEgc2lnbmF0dXJl')).statusCode).toBe(403);
    expect((await report(delivered, null)).statusCode).toBe(403);
    expect((await report(delivered)).statusCode).toBe(204);
    expect((await texting.db.query(`select status from message_deliveries where channel = 'sms'`))[0]).toEqual({
      status: 'delivered',
    });
    expect((await report({ MessageSid: sent!.provider_message_id, MessageStatus: 'bogus' })).statusCode).toBe(400);
  });
});
