import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { TotpSetupSchema } from '#domain/staff/staff-accounts-schemas.ts';
import { addStaff, newPractice, signIn } from '../../../test/staff-factory.ts';
import { fixedClock, withTestApp } from '../../../test/test-app.ts';
import { passwordVerifications } from './password-hashing.ts';
import { secondFactorCheckCount, totpCodeAt, totpStepOf } from './second-factor.ts';
import { LOCKOUT_FAILURES } from './sign-in-throttle.ts';

// A flood of parallel guesses gets no more checks than the same guesses one by one (ADR 0040): each
// attempt is counted before its password or code is checked, so the right one inside a burst is refused.
const BURST = 300;
const clock = fixedClock('2026-03-02T12:00:00Z');
let practiceId: string;
let addresses = 0;

const ctx = withTestApp({
  clock,
  seed: async (db) => {
    practiceId = await newPractice(db);
  },
});

/** Every guess at once, from one address of the test's own (the per-IP count is part of the throttle). */
async function burst(
  guesses: { email: string; password: string; code?: string }[],
  remoteAddress = `10.0.${++addresses}.1`,
) {
  const passwordsBefore = passwordVerifications();
  const codesBefore = secondFactorCheckCount();
  const responses = await Promise.all(
    guesses.map((payload) => ctx.app.inject({ method: 'POST', url: '/api/v1/staff/session', remoteAddress, payload })),
  );
  return {
    responses,
    passwordsChecked: passwordVerifications() - passwordsBefore,
    codesChecked: secondFactorCheckCount() - codesBefore,
  };
}

/** What a client sees of an answer, so two bursts can be compared as multisets. */
const seen = (response: LightMyRequestResponse) =>
  `${response.statusCode} ${response.headers['retry-after'] ?? '-'} ${response.body}`;
const statuses = (responses: LightMyRequestResponse[]) => responses.map((response) => response.statusCode);

describe.each([
  ['early in the burst', 20],
  ['last', BURST - 1],
])('300 parallel passwords with the right one %s', (_where, rightAt) => {
  it('check at most the lockout limit, refuse the right one, and answer as for an unknown e-mail', async () => {
    const desk = await addStaff(ctx.db, { practiceIds: [practiceId] });
    const guesses = Array.from({ length: BURST }, (_, i) => ({
      email: desk.email,
      password: i === rightAt ? desk.password : `wrong guess number ${i}`,
    }));
    const { responses, passwordsChecked } = await burst(guesses);
    expect(passwordsChecked, `passwords checked of ${BURST}`).toBeLessThanOrEqual(LOCKOUT_FAILURES);
    expect(responses[rightAt]!.statusCode).toBe(429);
    expect(responses[rightAt]!.json().code).toBe('RATE_LIMITED');
    expect(Number(responses[rightAt]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(statuses(responses).filter((status) => status === 401).length).toBeLessThanOrEqual(LOCKOUT_FAILURES);
    expect(new Set(statuses(responses))).toEqual(new Set([401, 429]));

    const ghost = await burst(guesses.map((guess) => ({ ...guess, email: `ghost-${rightAt}@example.test` })));
    expect(ghost.passwordsChecked).toBe(passwordsChecked);
    expect(responses.map(seen).sort()).toEqual(ghost.responses.map(seen).sort());
  });
});

describe('a burst one failure short of the lockout', () => {
  it('gets that one check, and every other attempt is locked out with the lockout’s answer', async () => {
    const desk = await addStaff(ctx.db, { practiceIds: [practiceId] });
    const remoteAddress = `10.0.${++addresses}.1`;
    for (let i = 0; i < LOCKOUT_FAILURES - 1; i++) {
      const [failed] = (await burst([{ email: desk.email, password: `slow guess ${i}` }], remoteAddress)).responses;
      expect(failed!.statusCode, `guess ${i + 1}`).toBe(401);
      clock.advance(61_000);
    }
    const guesses = Array.from({ length: BURST }, (_, i) => ({
      email: desk.email,
      password: i === BURST - 1 ? desk.password : `fast guess ${i}`,
    }));
    const { responses, passwordsChecked } = await burst(guesses, remoteAddress);
    expect(passwordsChecked).toBe(1);
    expect(statuses(responses).filter((status) => status === 401)).toHaveLength(1);
    const locked = responses.filter((response) => response.statusCode === 429);
    expect(locked).toHaveLength(BURST - 1);
    for (const response of locked) {
      expect(response.json().message).toMatch(/devices it has not used/);
      expect(Number(response.headers['retry-after'])).toBe(15 * 60);
    }
  });
});

describe.each([
  ['early in the burst', 20],
  ['last', BURST - 1],
])('300 parallel second-factor codes after the right password, the right code %s', (_where, rightAt) => {
  it('check at most the lockout limit of codes, and refuse the right one', async () => {
    const desk = await addStaff(ctx.db, { practiceIds: [practiceId] });
    const client = await signIn(ctx.app, desk);
    const { secret } = TotpSetupSchema.parse((await client.post('/api/v1/staff/totp/setup')).json().result);
    expect((await client.post('/api/v1/staff/totp/enable', { code: totpCodeAt(secret, clock.now()) })).statusCode).toBe(
      200,
    );
    clock.advance(60_000);
    const rightCode = totpCodeAt(secret, clock.now());
    const wrongCodes = Array.from({ length: 1000 }, (_, i) => String(i * 997).padStart(6, '0')).filter(
      (code) => totpStepOf(secret, desk.email, code, clock.now()) === null,
    );
    const guesses = Array.from({ length: BURST }, (_, i) => ({
      email: desk.email,
      password: desk.password,
      code: i === rightAt ? rightCode : wrongCodes[i]!,
    }));
    const { responses, passwordsChecked, codesChecked } = await burst(guesses);
    expect(codesChecked, `codes checked of ${BURST}`).toBeLessThanOrEqual(LOCKOUT_FAILURES);
    expect(passwordsChecked).toBeLessThanOrEqual(LOCKOUT_FAILURES);
    expect(responses[rightAt]!.statusCode).toBe(429);
    expect(responses[rightAt]!.json().code).toBe('RATE_LIMITED');
    expect(statuses(responses).filter((status) => status === 401).length).toBeLessThanOrEqual(LOCKOUT_FAILURES);
    expect(new Set(statuses(responses))).toEqual(new Set([401, 429]));
  });
});
