import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { latestCode, sendOtp, verifyOtp, withVerifyingApp, type Contact } from './verification-test-kit.ts';

const MINUTE = 60_000;
const { clock, ctx, email } = withVerifyingApp('limits');
const sendCount = async (recipient: string) =>
  (await ctx.db.query('select 1 from verification_sends where recipient = $1', [recipient])).length;

describe('per-recipient limits on sending codes', () => {
  it('makes a resend wait 30 seconds, and says how long is left', async () => {
    const contact = email();
    expect((await sendOtp(ctx.app, contact)).status).toBe(200);
    const refused = await sendOtp(ctx.app, contact);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('30');
    expect(refused.body).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: 'A code was just sent. Please wait 30 seconds before asking for a new one.',
    });
    clock.advance(12_000);
    expect((await sendOtp(ctx.app, contact)).body.message).toBe(
      'A code was just sent. Please wait 18 seconds before asking for a new one.',
    );
    clock.advance(18_000);
    expect((await sendOtp(ctx.app, contact)).status).toBe(200);
    // Refusals send nothing and count nothing.
    expect(await sendCount(contact.recipient)).toBe(2);
  });

  it('allows three sends in ten minutes', async () => {
    const contact = email();
    const first = clock.now().getTime();
    for (let i = 0; i < 3; i++) {
      expect((await sendOtp(ctx.app, contact)).status).toBe(200);
      clock.advance(30_000);
    }
    const refused = await sendOtp(ctx.app, contact);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Too many codes were requested for this contact. Please try again in 9 minutes.');
    expect(refused.headers['retry-after']).toBe(String(10 * 60 - 90));
    clock.set(new Date(first + 10 * MINUTE - 1_000));
    expect((await sendOtp(ctx.app, contact)).status).toBe(429);
    clock.set(new Date(first + 10 * MINUTE));
    expect((await sendOtp(ctx.app, contact)).status).toBe(200);
  });

  it('allows ten sends a day', async () => {
    const contact = email();
    const first = clock.now().getTime();
    for (let i = 0; i < 10; i++) {
      expect((await sendOtp(ctx.app, contact)).status).toBe(200);
      clock.advance(4 * MINUTE);
    }
    const refused = await sendOtp(ctx.app, contact);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Too many codes were requested for this contact. Please try again in 24 hours.');
    clock.set(new Date(first + 24 * 60 * MINUTE));
    expect((await sendOtp(ctx.app, contact)).status).toBe(200);
  });

  it('counts a recipient across practices, spellings and processes', async () => {
    const contact: Contact = {
      recipient: '+15125550188',
      verification_type: 'text',
      practice_id: ctx.practiceIds['verify-dental']!,
    };
    const secondProcess = await createTestApp(ctx.db, { clock });
    try {
      expect((await sendOtp(ctx.app, contact)).status).toBe(200);
      expect(
        (
          await sendOtp(secondProcess, {
            ...contact,
            recipient: '512 555 0188',
            practice_id: ctx.practiceIds['other-verify']!,
          })
        ).status,
      ).toBe(429);
    } finally {
      await secondProcess.close();
    }
  });

  it('lets only one of several simultaneous sends through', async () => {
    const contact = email();
    const statuses = await Promise.all(
      Array.from({ length: 6 }, () => sendOtp(ctx.app, contact).then((r) => r.status)),
    );
    expect(statuses.sort()).toEqual([200, 429, 429, 429, 429, 429]);
    expect(await sendCount(contact.recipient)).toBe(1);
  });

  it('counts every one of several simultaneous wrong codes', async () => {
    const contact = email();
    await sendOtp(ctx.app, contact);
    const right = await latestCode(ctx.db, clock, contact.recipient);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const messages = await Promise.all(
      Array.from({ length: 8 }, () => verifyOtp(ctx.app, contact, wrong).then((r) => r.body.message as string)),
    );
    expect(messages.filter((m) => m.includes('left')).sort()).toEqual([
      'That code is not correct. You have 1 try left.',
      'That code is not correct. You have 2 tries left.',
      'That code is not correct. You have 3 tries left.',
      'That code is not correct. You have 4 tries left.',
    ]);
    expect((await verifyOtp(ctx.app, contact, right)).status).toBe(400);
  });

  it('bounds a guesser who resends as often as allowed: 15 guesses in ten minutes, 50 in a day', async () => {
    const contact = email();
    const start = clock.now().getTime();
    const guessedAt: number[] = [];
    while (clock.now().getTime() < start + 24 * 60 * MINUTE) {
      const sent = await sendOtp(ctx.app, contact);
      if (sent.status === 429) {
        clock.advance(Number(sent.headers['retry-after']) * 1000);
        continue;
      }
      const right = await latestCode(ctx.db, clock, contact.recipient);
      // Six tries at every code: only those checked against a live code count as guesses.
      for (let i = 0; i < 6; i++) {
        const guess = String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0');
        const { body } = await verifyOtp(ctx.app, contact, guess);
        if (/not correct|Too many wrong codes/.test(body.message)) guessedAt.push(clock.now().getTime() - start);
      }
    }
    expect(guessedAt.filter((at) => at < 10 * MINUTE)).toHaveLength(15);
    // 50 of a million codes a day: a one-in-20 000 chance for a whole day of trying.
    expect(guessedAt).toHaveLength(50);
  });

  it('keeps a code checkable while a resend is refused', async () => {
    const contact = email();
    await sendOtp(ctx.app, contact);
    const code = await latestCode(ctx.db, clock, contact.recipient);
    expect((await sendOtp(ctx.app, contact)).status).toBe(429);
    expect((await verifyOtp(ctx.app, contact, code)).status).toBe(200);
  });
});

describe('per-IP limits', () => {
  let strictApp: FastifyInstance;
  beforeAll(async () => {
    // 0.05 of the defaults: one send and three checks per address in ten minutes.
    const strict = await createTestApp(ctx.db, { clock, config: { rateLimitMultiplier: 0.05 } });
    // Counters live in the database, shared with this file's other app: an address of its own.
    strictApp = new Proxy(strict, {
      get: (target, property, receiver) =>
        property === 'inject'
          ? (options: InjectOptions) => target.inject({ ...options, remoteAddress: '192.0.2.41' })
          : Reflect.get(target, property, receiver),
    });
  });
  afterAll(async () => {
    await strictApp?.close();
  });

  it('limits sends from one address, whatever the recipient', async () => {
    expect((await sendOtp(strictApp, email())).status).toBe(200);
    const refused = await sendOtp(strictApp, email());
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      success: false,
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/),
    });
  });

  it('limits checks from one address', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await verifyOtp(strictApp, email(), '000000')).status);
    expect(statuses).toEqual([400, 400, 400, 429]);
  });
});
