import { describe, expect, it } from 'vitest';
import { fixedClock, withTestApp } from '../../test/test-app.ts';
import { importPractices, practiceConfig } from '../../test/practice-factory.ts';
import { PATIENT_EXISTS_MESSAGE } from './patients-service.ts';

let practiceId: string;

const ctx = withTestApp({
  clock: fixedClock('2026-03-02T12:00:00Z'),
  seed: async (db) => {
    practiceId = (await importPractices(db, practiceConfig()))['test-practice']!;
  },
});

const patient = () => ({
  practice_id: practiceId,
  first_name: 'Lena',
  last_name: 'Park',
  email: 'lena@example.com',
  dob: '1985-06-15',
  wireless_phone: '+15125550111',
});
const check = (query: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/patient/check?${new URLSearchParams(query)}` });

describe('patients', () => {
  it("creates a patient once and never hands out an existing patient's id (ADR 0027)", async () => {
    const first = await ctx.app.inject({ method: 'POST', url: '/api/v1/patient', payload: patient() });
    expect(first.statusCode).toBe(201);
    const second = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/patient',
      payload: { ...patient(), first_name: 'LENA', email: 'other@example.com' },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ success: false, code: 'CONFLICT', message: PATIENT_EXISTS_MESSAGE });
    expect(second.body).not.toContain(first.json().result.patient_id);
    // The existing contact details are kept: a stranger who knows a name and birth date cannot change them.
    const [row] = await ctx.db.query<{ email: string }>('select email from patients where id = $1', [
      first.json().result.patient_id,
    ]);
    expect(row!.email).toBe('lena@example.com');
  });

  it('limits check and create per name and birth date, whatever the address (5 an hour, both routes)', async () => {
    const who = { practice_id: practiceId, first_name: 'Omar', last_name: 'Haddad', dob: '1979-11-02' };
    const from = (n: number) => ({ remoteAddress: `198.51.100.${n}` });
    for (let n = 0; n < 4; n++) {
      const spelled = { ...who, first_name: n % 2 ? ' OMAR ' : 'omar' };
      expect(
        (
          await ctx.app.inject({
            method: 'GET',
            url: `/api/v1/patient/check?${new URLSearchParams(spelled)}`,
            ...from(n),
          })
        ).statusCode,
      ).toBe(200);
    }
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/patient',
      payload: { ...patient(), ...who },
      ...from(9),
    });
    expect(created.statusCode).toBe(201);
    const limited = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/patient/check?${new URLSearchParams(who)}`,
      ...from(20),
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/v1/patient', payload: { ...patient(), ...who }, ...from(21) }))
        .statusCode,
    ).toBe(429);
    // Another person is not held up by Omar's limit.
    expect((await check({ ...who, first_name: 'Olga' })).statusCode).toBe(200);
  });

  it('answers the check with exists only: case-insensitive names, exact birth date', async () => {
    const yes = await check({ practice_id: practiceId, first_name: 'lena', last_name: 'PARK', dob: '1985-06-15' });
    expect(yes.statusCode).toBe(200);
    expect(yes.json()).toEqual({ success: true, result: { exists: true } });
    const otherDay = await check({ practice_id: practiceId, first_name: 'Lena', last_name: 'Park', dob: '1985-06-16' });
    expect(otherDay.json().result).toEqual({ exists: false });
  });

  it.each([
    [{ first_name: 'Lena' }, 'last_name'],
    [{ first_name: 'Lena', last_name: 'Park', dob: '06/15/1985' }, 'dob'],
    [{ first_name: 'L3na', last_name: 'Park', dob: '1985-06-15' }, 'first_name'],
  ])('answers a malformed check %j with 400 naming %s', async (query, field) => {
    const response = await check({ practice_id: practiceId, ...query });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty(field);
  });

  it('refuses an invalid patient body with 422 listing every bad field', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/patient',
      payload: { ...patient(), email: 'nope', dob: '2030-01-01' },
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().fields).sort()).toEqual(['dob', 'email']);
  });
});
