import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../test/test-app.ts';
import { bookingBody } from '../../test/booking-factory.ts';
import { postBooking } from '../../test/booking-requests.ts';
import { withPracticeApp } from '../../test/practice-app.ts';

/** First Available and one person in one chair at a time (ADR 0062), on both engines. */
const clock = fixedClock('2026-03-02T12:00:00Z');

const ctx = withPracticeApp({ clock });

const body = (overrides: Record<string, unknown>) => ({
  ...bookingBody({ practice_id: ctx.practiceId, rfv_id: ctx.reasonId('Exam') }),
  ...overrides,
});
const person = (n: number) => ({
  first_name: 'Pat',
  last_name: `Number${'ABCDEFGH'[n]}`,
  email: `pat${n}@example.com`,
});
const at = (apt_date: string, start_time: string) => ({ apt_date, start_time, end_time: start_time });

const emailsTo = (recipient: string) =>
  ctx.db.query<{ subject: string; text: string }>(
    `select payload->>'subject' as subject, payload->>'text' as text from jobs
     where type = 'email.send' and payload->>'to' = $1 order by created_at`,
    [recipient],
  );

describe('First Available', () => {
  it('books another provider free at the time the first patient took', async () => {
    const time = at('2026-03-04', '10:00:00');
    const first = await postBooking(ctx.app, body({ ...person(1), ...time, pms_prov_num: 0, pms_op_num: 0 }));
    const second = await postBooking(ctx.app, body({ ...person(2), ...time, pms_prov_num: 0, pms_op_num: 0 }));

    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.result.start_time).toBe('10:00:00');
    const providers = [first.body.result.pms_prov_num, second.body.result.pms_prov_num];
    expect(providers.sort()).toEqual([1, 2]);
  });

  it('is refused with SLOT_TAKEN only when no provider is free at the time', async () => {
    const time = at('2026-03-04', '11:00:00');
    for (const n of [3, 4]) {
      expect((await postBooking(ctx.app, body({ ...person(n), ...time, pms_prov_num: 0 }))).status).toBe(201);
    }
    const third = await postBooking(ctx.app, body({ ...person(5), ...time, pms_prov_num: 0 }));

    expect(third.status).toBe(409);
    expect(third.body.code).toBe('SLOT_TAKEN');
  });
});

describe('one person, one chair at a time', () => {
  it('refuses an overlapping booking of the same person with PATIENT_ALREADY_BOOKED, revealing nothing', async () => {
    const ana = { first_name: 'Ana', last_name: 'Reyes', email: 'ana.reyes@example.com', dob: '1988-02-01' };
    const held = await postBooking(ctx.app, body({ ...ana, ...at('2026-03-05', '09:00:00'), pms_prov_num: 1 }));
    expect(held.status).toBe(201);

    const again = await postBooking(
      ctx.app,
      body({ ...ana, first_name: 'ana', ...at('2026-03-05', '09:00:00'), pms_prov_num: 2, pms_op_num: 2 }),
    );

    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      success: false,
      code: 'PATIENT_ALREADY_BOOKED',
      message: 'You already have an appointment at this time. We sent its details again to the contact on file.',
    });
    expect(JSON.stringify(again.body)).not.toContain(held.body.result.reference);
    const [, resent] = await emailsTo('ana.reyes@example.com');
    expect(resent?.subject).toBe('Your appointment at Test Practice');
    expect(resent?.text).toMatch(/\/test-practice\/appointment\/[\w-]+\?lang=en/);
    const rows = await ctx.db.query('select 1 from appointments where email = $1', ['ana.reyes@example.com']);
    expect(rows).toHaveLength(1);
  });

  it('says it in Spanish to a Spanish booking and resends in the booking language on file', async () => {
    const luis = { first_name: 'Luis', last_name: 'Mora', email: 'luis.mora@example.com', language: 'es' };
    expect(
      (await postBooking(ctx.app, body({ ...luis, ...at('2026-03-05', '14:00:00'), pms_prov_num: 1 }))).status,
    ).toBe(201);

    const again = await postBooking(ctx.app, body({ ...luis, ...at('2026-03-05', '14:30:00'), pms_prov_num: 2 }));
    const overlapping = await postBooking(
      ctx.app,
      body({ ...luis, ...at('2026-03-05', '14:00:00'), pms_prov_num: 2, pms_op_num: 2 }),
      { 'accept-language': 'es' },
    );

    expect(again.status).toBe(201);
    expect(overlapping.body.code).toBe('PATIENT_ALREADY_BOOKED');
    expect(overlapping.body.message).toBe(
      'Ya tiene una cita a esta hora. Enviamos de nuevo sus datos al contacto que tenemos registrado.',
    );
    const resent = (await emailsTo('luis.mora@example.com')).at(-1);
    expect(resent?.subject).toBe('Su cita en Test Practice');
    expect(resent?.text).toContain('?lang=es');
  });

  it('answers SLOT_TAKEN first when the time itself is taken', async () => {
    const eva = { first_name: 'Eva', last_name: 'Cruz', email: 'eva.cruz@example.com' };
    expect(
      (await postBooking(ctx.app, body({ ...eva, ...at('2026-03-06', '09:00:00'), pms_prov_num: 1 }))).status,
    ).toBe(201);

    const same = await postBooking(ctx.app, body({ ...eva, ...at('2026-03-06', '09:00:00'), pms_prov_num: 1 }));

    expect(same.status).toBe(409);
    expect(same.body.code).toBe('SLOT_TAKEN');
  });

  it('lets another person with the same name and birth date but another contact book the time', async () => {
    const kim = { first_name: 'Kim', last_name: 'Park', dob: '1970-07-07' };
    const first = body({ ...kim, email: 'kim1@example.com', wireless_phone: '+15125550111' });
    const other = body({ ...kim, email: 'kim2@example.com', wireless_phone: '+15125550122' });
    expect((await postBooking(ctx.app, { ...first, ...at('2026-03-09', '09:00:00'), pms_prov_num: 1 })).status).toBe(
      201,
    );

    const second = await postBooking(ctx.app, { ...other, ...at('2026-03-09', '09:00:00'), pms_prov_num: 2 });

    expect(second.status).toBe(201);
  });
});

describe('links in messages', () => {
  it("carry the booking's language, so its manage page opens in it", async () => {
    const sofia = { first_name: 'Sofia', last_name: 'Vega', email: 'sofia.vega@example.com', language: 'es' };
    expect((await postBooking(ctx.app, body({ ...sofia, ...at('2026-03-10', '09:00:00') }))).status).toBe(201);

    const [confirmation] = await emailsTo('sofia.vega@example.com');

    expect(confirmation?.text).toMatch(/\/test-practice\/appointment\/[\w-]{32}\?lang=es\n/);
  });
});
