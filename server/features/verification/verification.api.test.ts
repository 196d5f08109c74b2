import { describe, expect, it } from 'vitest';
import { SendOtpResponseSchema, VerifyOtpResponseSchema } from '#domain/verification/verification-schemas.ts';
import { deliveredCodeMessages, sendOtp, verifyOtp, withVerifyingApp, type Contact } from './verification-test-kit.ts';

const { clock, ctx, email, code } = withVerifyingApp('patient', [
  { form_url: 'test-practice', to_verify_patient: false },
]);
/** A fresh e-mail contact that has been sent a code, and that code. */
const codeSent = async () => {
  const contact = email();
  await sendOtp(ctx.app, contact);
  return { contact, code: await code(contact.recipient) };
};
/** A 400 OTP_INVALID answer with this message. */
const expectOtpInvalid = (answer: { status: number; body: unknown }, message: string) => {
  expect(answer.status).toBe(400);
  expect(answer.body).toEqual({ success: false, code: 'OTP_INVALID', message });
};
const wrong = (right: string) => String((Number(right) + 1) % 1_000_000).padStart(6, '0');

describe('POST /api/v1/verify/send-otp', () => {
  it('sends a 6-digit code by e-mail carrying only the code and the practice name', async () => {
    const contact = email({ recipient: '  Mixed.Case@Example.COM ' });
    const sent = await sendOtp(ctx.app, contact);
    expect(sent.status).toBe(200);
    expect(SendOtpResponseSchema.parse(sent.body)).toEqual({
      success: true,
      message: 'A 6-digit code was sent to your email address.',
      result: { recipient: 'mixed.case@example.com', expires_in_seconds: 600, resend_in_seconds: 30 },
    });
    const messages = await deliveredCodeMessages(ctx.db, clock, 'mixed.case@example.com');
    expect(messages).toHaveLength(1);
    expect(messages[0]!.channel).toBe('email');
    expect(messages[0]!.subject).toBe('Your Verify Dental verification code');
    expect(messages[0]!.text).toMatch(/^Your Verify Dental verification code is \d{6}\. It expires in 10 minutes\.$/);
  });

  it('sends by SMS to the number in E.164, with +1 in front of a number without +', async () => {
    const sent = await sendOtp(ctx.app, {
      recipient: '(512) 555-0134',
      verification_type: 'text',
      practice_id: ctx.practiceIds['verify-dental']!,
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      success: true,
      message: 'A 6-digit code was sent to your phone number.',
      result: { recipient: '+15125550134' },
    });
    const messages = await deliveredCodeMessages(ctx.db, clock, '+15125550134');
    expect(messages).toEqual([
      {
        channel: 'sms',
        recipient: '+15125550134',
        subject: null,
        text: expect.stringMatching(/^Your Verify Dental verification code is \d{6}\. It expires in 10 minutes\.$/),
      },
    ]);
  });

  it('keeps an international number as given in E.164', async () => {
    const sent = await sendOtp(ctx.app, {
      recipient: '+44 20 7183 8750',
      verification_type: 'text',
      practice_id: ctx.practiceIds['verify-dental']!,
    });
    expect(sent.body.result.recipient).toBe('+442071838750');
  });

  it.each([
    ['text', '555-0100', 'Please enter a valid mobile phone number'],
    ['text', '+1 012 555 0100', 'Please enter a valid mobile phone number'],
    ['text', '+1 212 055 0100', 'Please enter a valid mobile phone number'],
    ['text', 'ana@example.com', 'Please enter a valid mobile phone number'],
    ['email', 'not-an-address', 'Please enter a valid email address'],
  ] as const)('refuses the %s recipient %j with a field message', async (type, recipient, message) => {
    const sent = await sendOtp(ctx.app, {
      recipient,
      verification_type: type,
      practice_id: ctx.practiceIds['verify-dental']!,
    });
    expect(sent.status).toBe(422);
    expect(sent.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', fields: { recipient: message } });
  });

  it('refuses an unknown verification type and a missing practice', async () => {
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/verify/send-otp',
      payload: { recipient: 'a@b.co', verification_type: 'pigeon' },
    });
    expect(sent.statusCode).toBe(422);
    expect(Object.keys(sent.json().fields).sort()).toEqual(['practice_id', 'verification_type']);
  });

  it('answers 404 for an unknown practice and 403 for a practice that does not verify', async () => {
    expect((await sendOtp(ctx.app, email({ practice_id: '00000000-0000-4000-8000-000000000000' }))).status).toBe(404);
    const sent = await sendOtp(ctx.app, email({ practice_id: ctx.practiceIds['test-practice']! }));
    expect(sent.status).toBe(403);
    expect(sent.body.code).toBe('FORBIDDEN');
  });

  it('answers the same whether or not the person is already a patient', async () => {
    const known = email();
    await ctx.db.query(
      `insert into patients (practice_id, first_name, last_name, dob, email) values ($1, 'Ana', 'Known',
         '1990-01-01', $2)`,
      [known.practice_id, known.recipient],
    );
    const unknown = email();
    const [a, b] = [await sendOtp(ctx.app, known), await sendOtp(ctx.app, unknown)];
    expect(a.status).toBe(b.status);
    expect({ ...a.body, result: { ...a.body.result, recipient: 'x' } }).toEqual({
      ...b.body,
      result: { ...b.body.result, recipient: 'x' },
    });
  });

  it('stores only a keyed hash of the code, one row per recipient, replaced on resend', async () => {
    const { contact, code: first } = await codeSent();
    clock.advance(30_000);
    await sendOtp(ctx.app, contact);
    const second = await code(contact.recipient);
    const rows = await ctx.db.query<Record<string, unknown>>('select * from verification_codes where recipient = $1', [
      contact.recipient,
    ]);
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows[0]);
    expect(stored).not.toContain(first);
    expect(stored).not.toContain(second);
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    // The replaced code no longer works; the new one does.
    if (first !== second) expect((await verifyOtp(ctx.app, contact, first)).body.code).toBe('OTP_INVALID');
    expect((await verifyOtp(ctx.app, contact, second)).status).toBe(200);
  });
});

describe('POST /api/v1/verify/verify-otp', () => {
  it('answers a right code with a token, once', async () => {
    const { contact, code: right } = await codeSent();
    const checked = await verifyOtp(ctx.app, contact, right);
    expect(checked.status).toBe(200);
    expect(checked.headers['cache-control']).toBe('no-store');
    const parsed = VerifyOtpResponseSchema.parse(checked.body);
    expect(parsed.message).toBe('Your email address is verified.');
    expect(parsed.result.expires_at).toBe(new Date(clock.now().getTime() + 30 * 60_000).toISOString());
    expect(parsed.result.verification_token).toMatch(/^[\w-]+\.[\w-]+$/);

    const again = await verifyOtp(ctx.app, contact, right);
    expectOtpInvalid(again, 'There is no valid code for this contact. Please request a new code.');
    expect(
      await ctx.db.query('select 1 from verification_codes where recipient = $1', [contact.recipient]),
    ).toHaveLength(0);
  });

  it('finds the code however the number is written', async () => {
    const contact: Contact = {
      recipient: '512-555-0177',
      verification_type: 'text',
      practice_id: ctx.practiceIds['verify-dental']!,
    };
    await sendOtp(ctx.app, contact);
    const checked = await verifyOtp(
      ctx.app,
      { ...contact, recipient: '+1 (512) 555 0177' },
      await code('+15125550177'),
    );
    expect(checked.status).toBe(200);
    expect(checked.body.message).toBe('Your phone number is verified.');
  });

  it('counts wrong codes and kills the code after five', async () => {
    const { contact, code: right } = await codeSent();
    const messages = [];
    for (let i = 0; i < 5; i++) messages.push((await verifyOtp(ctx.app, contact, wrong(right))).body);
    expect(messages.map((m) => m.code)).toEqual(Array(5).fill('OTP_INVALID'));
    expect(messages.map((m) => m.message)).toEqual([
      'That code is not correct. You have 4 tries left.',
      'That code is not correct. You have 3 tries left.',
      'That code is not correct. You have 2 tries left.',
      'That code is not correct. You have 1 try left.',
      'Too many wrong codes. Please request a new code.',
    ]);
    const late = await verifyOtp(ctx.app, contact, right);
    expect(late.status).toBe(400);
    expect(late.body.message).toContain('Please request a new code.');
  });

  it('gives a new code fresh tries', async () => {
    const { contact, code: first } = await codeSent();
    await verifyOtp(ctx.app, contact, wrong(first));
    await verifyOtp(ctx.app, contact, wrong(first));
    clock.advance(30_000);
    await sendOtp(ctx.app, contact);
    const second = await code(contact.recipient);
    expect((await verifyOtp(ctx.app, contact, wrong(second))).body.message).toBe(
      'That code is not correct. You have 4 tries left.',
    );
  });

  it('accepts a code until ten minutes after it was sent, not after', async () => {
    const early = email();
    const late = email();
    await sendOtp(ctx.app, early);
    await sendOtp(ctx.app, late);
    const [earlyCode, lateCode] = [await code(early.recipient), await code(late.recipient)];
    clock.advance(10 * 60_000 - 1_000);
    expect((await verifyOtp(ctx.app, early, earlyCode)).status).toBe(200);
    clock.advance(1_000);
    const expired = await verifyOtp(ctx.app, late, lateCode);
    expectOtpInvalid(expired, 'This code has expired. Please request a new code.');
  });

  it('binds the code to the practice and the recipient it was sent for', async () => {
    const { contact, code: right } = await codeSent();
    expect(
      (await verifyOtp(ctx.app, { ...contact, practice_id: ctx.practiceIds['other-verify']! }, right)).body.code,
    ).toBe('OTP_INVALID');
    expect((await verifyOtp(ctx.app, { ...contact, recipient: `x${contact.recipient}` }, right)).body.code).toBe(
      'OTP_INVALID',
    );
    expect((await verifyOtp(ctx.app, contact, right)).status).toBe(200);
  });

  it('refuses a code that is not six digits with a field message', async () => {
    const checked = await verifyOtp(ctx.app, email(), '12345');
    expect(checked.status).toBe(422);
    expect(checked.body.fields).toEqual({ otp: 'Please enter the 6-digit code' });
  });
});
