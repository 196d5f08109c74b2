import { beforeAll, describe, expect, it } from 'vitest';
import { formatPhone } from '#domain/format/phone-format.ts';
import { StaffAppointmentDetailSchema } from '#domain/staff/staff-appointment-schemas.ts';
import { StaffTextsSchema } from '#domain/staff/staff-texts-schemas.ts';
import { StaffBookingCreatedSchema } from '#domain/staff/staff-booking-schemas.ts';
import { deliverDueMessages } from '../../../test/message-delivery.ts';
import { phonedPatient } from '../../../test/phoned-patient.ts';
import { importPractices, practiceConfig, reasonId } from '../../../test/practice-factory.ts';
import { addStaff, signIn, type StaffClient } from '../../../test/staff-factory.ts';
import { fixedClock, withTestApp } from '../../../test/test-app.ts';

// A patient's own words by text reach the front desk (ADR 0066): the office's e-mail names the
// patient and the booking's reference, and the console shows the reply on that booking and in its inbox.
const clock = fixedClock('2026-03-02T12:00:00Z');
const PHONE = '+12125550177';
let ids: Record<string, string>;
let desk: StaffClient;
let otherDesk: StaffClient;
let bookingId: string;
let reference: string;

const ctx = withTestApp({
  clock,
  seed: async (db) => {
    ids = await importPractices(
      db,
      practiceConfig({ notification_email: 'office@test-practice.example' }),
      practiceConfig({ form_url: 'other-practice', name: 'Other Practice' }),
    );
  },
});
beforeAll(async () => {
  const practiceId = ids['test-practice']!;
  desk = await signIn(ctx.app, await addStaff(ctx.db, { practiceIds: [practiceId], role: 'front_desk' }));
  otherDesk = await signIn(ctx.app, await addStaff(ctx.db, { practiceIds: [ids['other-practice']!] }));
  const reason_id = await reasonId(ctx.db, practiceId, 'Exam');
  const response = await desk.post('/api/v1/staff/appointments', phonedPatient({ reason_id, wireless_phone: PHONE }));
  expect(response.statusCode, response.body).toBe(201);
  ({ id: bookingId, reference } = StaffBookingCreatedSchema.parse(response.json().result));
});

const textIn = async (body: string) => {
  const response = await ctx.app.inject({ method: 'POST', url: '/_dev/sms/reply', payload: { from: PHONE, body } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ reply: string | null }>().reply;
};

describe('a text a patient sends that is not a keyword', () => {
  it('is answered that the office got it, not that nobody reads replies', async () => {
    expect(await textIn('Running 10 minutes late')).toBe(
      'Test Practice got your message. For anything urgent, please call (212) 555-0100.',
    );
  });

  it("is e-mailed to the office naming the patient and the booking's reference", async () => {
    await deliverDueMessages(ctx.db, clock);
    const [mail] = await ctx.db.query<{ subject: string; text: string }>(
      'select subject, text from outbox_messages where recipient = $1 and subject like $2',
      ['office@test-practice.example', 'Text from%'],
    );
    expect(mail?.subject).toBe(`Text from Rosa Diaz (booking ${reference})`);
    expect(mail?.text).toContain(`Rosa Diaz texted from ${formatPhone(PHONE)} about booking ${reference}`);
    expect(mail?.text).toContain(reference);
    expect(mail?.text).toContain('Running 10 minutes late');
  });

  it("shows in the booking's details as replies, and in the console's inbox", async () => {
    const detail = StaffAppointmentDetailSchema.parse(
      (await desk.get(`/api/v1/staff/appointments/${bookingId}`)).json().result,
    );
    expect(detail.replies).toEqual([
      { id: expect.any(String), received_at: '2026-03-02T12:00:00.000Z', body: 'Running 10 minutes late' },
    ]);
    const inbox = await desk.get('/api/v1/staff/texts');
    expect(inbox.statusCode, inbox.body).toBe(200);
    expect(StaffTextsSchema.parse(inbox.json().result)).toEqual([
      {
        id: detail.replies[0]!.id,
        received_at: '2026-03-02T12:00:00.000Z',
        from: PHONE,
        body: 'Running 10 minutes late',
        booking: { id: bookingId, reference, first_name: 'Rosa', last_name: 'Diaz' },
      },
    ]);
  });

  it("is never in another practice's inbox", async () => {
    expect(StaffTextsSchema.parse((await otherDesk.get('/api/v1/staff/texts')).json().result)).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/staff/texts' })).statusCode).toBe(401);
  });
});
