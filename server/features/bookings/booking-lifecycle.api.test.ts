import { describe, expect, it } from 'vitest';
import { calendarUidOf } from '#domain/booking/booking-lifecycle.ts';
import { REFERENCE_PATTERN } from '#domain/booking/booking-reference.ts';
import type { BookingBodyInput } from '#domain/booking/booking-schemas.ts';
import { bookingBody } from '../../test/booking-factory.ts';
import { fixedClock } from '../../test/test-app.ts';
import { mintBookingLink, openBookingLink } from '../booking-links/booking-links.ts';
import { revokeBookingLink } from '../booking-links/booking-links-repository.ts';
import { consentsOfAppointment, insertConsents } from '../consent/consent-repository.ts';
import { mayContact } from '../consent/contact-consent.ts';
import { postBooking } from '../../test/booking-requests.ts';
import { withPracticeApp } from '../../test/practice-app.ts';

// A booking's life after it is made (ADR 0033): statuses, one identity across moves, links and
// consent, through the lifecycle service every later feature calls.
const clock = fixedClock('2026-03-02T12:00:00Z');

const ctx = withPracticeApp({ clock });

async function book(overrides: Partial<BookingBodyInput>) {
  return postBooking(ctx.app, bookingBody({ practice_id: ctx.practiceId, rfv_id: ctx.reasonId('Exam'), ...overrides }));
}

async function booked(overrides: Partial<BookingBodyInput>): Promise<{ appointment_id: string; reference: string }> {
  const { status, body } = await book(overrides);
  expect(status, JSON.stringify(body)).toBe(201);
  return body.result;
}

async function offered(date: string, time: string, provNum = 1): Promise<boolean> {
  const query = new URLSearchParams({
    practice_id: ctx.practiceId,
    reason_for_visit_id: ctx.reasonId('Exam'),
    start_date: date,
    end_date: date,
    pms_prov_num: String(provNum),
  });
  const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/appointment/slots?${query}` });
  return (response.json().result as { DateTimeStart: string }[]).some(
    (slot) => slot.DateTimeStart === `${date} ${time}`,
  );
}

const row = async (id: string) =>
  (await ctx.db.query<Record<string, unknown>>('select * from appointments where id = $1', [id]))[0]!;

describe('statuses', () => {
  it('a confirmed or arrived booking still holds its time: a race of bookings over it is all refused', async () => {
    for (const [status, time] of [
      ['confirmed', '09:00:00'],
      ['arrived', '09:30:00'],
    ] as const) {
      const { appointment_id } = await booked({
        apt_date: '2026-03-03',
        start_time: time,
        end_time: time,
        email: `hold-${status}@example.com`,
      });
      if (status === 'arrived')
        await ctx.app.bookingLifecycle.changeStatus(appointment_id, 'confirmed', { actor: 'patient' });
      await ctx.app.bookingLifecycle.changeStatus(appointment_id, status, { actor: 'staff' });
      const answers = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          book({
            apt_date: '2026-03-03',
            start_time: time,
            end_time: time,
            email: `racer${i}-${status}@example.com`,
            last_name: `Racer${'ABCDE'[i]}`,
          }),
        ),
      );
      expect(
        answers.map((a) => a.status),
        status,
      ).toEqual([409, 409, 409, 409, 409]);
      expect(await row(appointment_id)).toMatchObject({ status, [`${status}_at`]: clock.now() });
    }
  });

  it('a cancellation records who and why, offers the time again, and cannot be undone', async () => {
    const { appointment_id } = await booked({ apt_date: '2026-03-04', start_time: '10:00:00', end_time: '10:30:00' });
    expect(await offered('2026-03-04', '10:00:00')).toBe(false);
    await ctx.app.bookingLifecycle.changeStatus(appointment_id, 'cancelled', {
      actor: 'patient',
      reason: 'Feeling better',
    });
    expect(await row(appointment_id)).toMatchObject({
      status: 'cancelled',
      cancelled_by: 'patient',
      cancel_reason: 'Feeling better',
      cancelled_at: clock.now(),
    });
    expect(await offered('2026-03-04', '10:00:00')).toBe(true);
    await expect(
      ctx.app.bookingLifecycle.changeStatus(appointment_id, 'booked', { actor: 'staff' }),
    ).rejects.toMatchObject({ statusCode: 409 });
    await expect(
      ctx.app.bookingLifecycle.reschedule(appointment_id, { date: '2026-03-05', startTime: '10:00:00', provNum: 1 }),
    ).rejects.toMatchObject({ statusCode: 409 });
  });
});

describe('one identity across reschedules', () => {
  it('keeps the id, reference and calendar UID; the old time is offered again, the new one is taken', async () => {
    const made = await booked({
      apt_date: '2026-03-05',
      start_time: '09:00:00',
      end_time: '09:30:00',
      email: 'mover@example.com',
    });
    expect(made.reference).toMatch(REFERENCE_PATTERN);
    const { state: moved, isMoved } = await ctx.app.bookingLifecycle.reschedule(made.appointment_id, {
      date: '2026-03-06',
      startTime: '14:00:00',
      provNum: 1,
    });
    expect(isMoved).toBe(true);
    expect(moved).toMatchObject({
      id: made.appointment_id,
      reference: made.reference,
      reschedule_count: 1,
      status: 'booked',
    });
    expect(calendarUidOf(moved.id)).toBe(calendarUidOf(made.appointment_id));
    expect(new Date(moved.starts_at!).toISOString()).toBe('2026-03-06T19:00:00.000Z');
    expect(await offered('2026-03-05', '09:00:00')).toBe(true);
    expect(await offered('2026-03-06', '14:00:00')).toBe(false);
    expect((await ctx.db.query('select 1 from appointments where reference = $1', [made.reference])).length).toBe(1);
  });

  it('refuses a move onto a taken time with the booking unchanged', async () => {
    await booked({ apt_date: '2026-03-09', start_time: '11:00:00', end_time: '11:30:00', email: 'first@example.com' });
    const other = await booked({
      apt_date: '2026-03-09',
      start_time: '15:00:00',
      end_time: '15:30:00',
      email: 'second@example.com',
      last_name: 'Second',
    });
    await expect(
      ctx.app.bookingLifecycle.reschedule(other.appointment_id, {
        date: '2026-03-09',
        startTime: '11:00:00',
        provNum: 1,
      }),
    ).rejects.toMatchObject({ statusCode: 409 });
    // 15:00 in New York is 19:00 UTC: daylight saving time began on 8 March.
    expect(await row(other.appointment_id)).toMatchObject({
      reschedule_count: 0,
      starts_at: new Date('2026-03-09T19:00:00Z'),
    });
  });

  it('draws references that are unique in the practice and readable over the phone', async () => {
    await ctx.db.query(
      `insert into appointments (practice_id, pms_prov_num, pms_op_num, status) select $1, 1, 1, 'requested'
         from generate_series(1, 300)`,
      [ctx.practiceId],
    );
    const refs = (
      await ctx.db.query<{ reference: string }>('select reference from appointments where practice_id = $1', [
        ctx.practiceId,
      ])
    ).map((r) => r.reference);
    expect(new Set(refs).size).toBe(refs.length);
    for (const ref of refs) expect(ref).toMatch(REFERENCE_PATTERN);
  });
});

describe('links', () => {
  it('a booking has several live links, each revocable, opening an ended booking for 30 days more', async () => {
    const { appointment_id } = await booked({
      apt_date: '2026-03-10',
      start_time: '09:00:00',
      end_time: '09:30:00',
      email: 'links@example.com',
    });
    const tokens = await Promise.all(
      ['confirmation', 'reminder', 'reminder'].map((carriedBy) =>
        mintBookingLink(ctx.db, { appointmentId: appointment_id, purpose: 'manage', carriedBy, now: clock.now() }),
      ),
    );
    expect(new Set(tokens).size).toBe(3);
    const opened = await Promise.all(tokens.map((token) => openBookingLink(ctx.db, token, 'manage', clock.now())));
    expect(opened.map((link) => link?.appointment_id)).toEqual([appointment_id, appointment_id, appointment_id]);
    // Only hashes are stored.
    const stored = await ctx.db.query<{ token_hash: string }>(
      'select token_hash from booking_links where appointment_id = $1',
      [appointment_id],
    );
    expect(stored.some((s) => tokens.includes(s.token_hash))).toBe(false);

    await revokeBookingLink(ctx.db, opened[0]!.link_id, clock.now());
    expect(await openBookingLink(ctx.db, tokens[0]!, 'manage', clock.now())).toBeNull();
    expect(await openBookingLink(ctx.db, tokens[1]!, 'manage', clock.now())).not.toBeNull();

    await ctx.app.bookingLifecycle.changeStatus(appointment_id, 'cancelled', { actor: 'staff' });
    // The cancelled booking's page still says so (read-only), for 30 days after the cancellation.
    expect(await openBookingLink(ctx.db, tokens[1]!, 'manage', clock.now())).not.toBeNull();
    const day = 24 * 3_600_000;
    expect(
      await openBookingLink(ctx.db, tokens[1]!, 'manage', new Date(clock.now().getTime() + 29 * day)),
    ).not.toBeNull();
    for (const token of tokens)
      expect(await openBookingLink(ctx.db, token, 'manage', new Date(clock.now().getTime() + 31 * day))).toBeNull();
    expect(await openBookingLink(ctx.db, 'x'.repeat(32), 'manage', clock.now())).toBeNull();
    expect(await openBookingLink(ctx.db, 'not a token', 'manage', clock.now())).toBeNull();
  });

  it('an expired link no longer opens', async () => {
    const { appointment_id } = await booked({
      apt_date: '2026-03-10',
      start_time: '10:00:00',
      end_time: '10:30:00',
      email: 'expiry@example.com',
    });
    const token = await mintBookingLink(ctx.db, {
      appointmentId: appointment_id,
      purpose: 'manage',
      carriedBy: 'confirmation',
      now: clock.now(),
      expiresAt: new Date(clock.now().getTime() + 60_000),
    });
    expect(await openBookingLink(ctx.db, token, 'manage', clock.now())).not.toBeNull();
    expect(await openBookingLink(ctx.db, token, 'manage', new Date(clock.now().getTime() + 60_000))).toBeNull();
  });
});

describe('language and consent', () => {
  it('records the language, and the e-mail and text consent with its words, time, address and source', async () => {
    const { appointment_id } = await booked({
      apt_date: '2026-03-11',
      start_time: '09:00:00',
      end_time: '09:30:00',
      email: 'Maria@Example.com',
      wireless_phone: '+15125550199',
      language: 'es',
    });
    expect(await row(appointment_id)).toMatchObject({ language: 'es' });
    const consents = await consentsOfAppointment(ctx.db, appointment_id);
    const words = 'I agree to receive text and email from Test Practice';
    expect(consents).toEqual([
      {
        channel: 'email',
        recipient: 'maria@example.com',
        granted: true,
        source: 'booking_form',
        words,
        ip: '127.0.0.1',
        recorded_at: clock.now(),
      },
      {
        channel: 'sms',
        recipient: '+15125550199',
        granted: true,
        source: 'booking_form',
        words,
        ip: '127.0.0.1',
        recorded_at: clock.now(),
      },
    ]);
    expect(await mayContact(ctx.db, ctx.practiceId, 'sms', '5125550199')).toBe(true);

    // An opt-out later is a row of its own; the newest decides, and the booking's rows stay.
    await insertConsents(ctx.db, [
      {
        practiceId: ctx.practiceId,
        appointmentId: null,
        channel: 'sms',
        recipient: '+15125550199',
        granted: false,
        source: 'sms_reply',
        words: 'STOP',
        ip: null,
        recordedAt: clock.now(),
      },
    ]);
    expect(await mayContact(ctx.db, ctx.practiceId, 'sms', '+15125550199')).toBe(false);
    expect(await mayContact(ctx.db, ctx.practiceId, 'email', 'maria@example.com')).toBe(true);
    expect(await consentsOfAppointment(ctx.db, appointment_id)).toHaveLength(2);
  });

  it('defaults the language to English and refuses one it does not know', async () => {
    const { appointment_id } = await booked({
      apt_date: '2026-03-11',
      start_time: '10:00:00',
      end_time: '10:30:00',
      email: 'en@example.com',
    });
    expect(await row(appointment_id)).toMatchObject({ language: 'en' });
    const refused = await book({
      apt_date: '2026-03-11',
      start_time: '11:00:00',
      end_time: '11:30:00',
      email: 'fr@example.com',
      language: 'fr' as 'en',
    });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain('language');
  });
});
