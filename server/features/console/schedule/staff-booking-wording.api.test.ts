import { beforeAll, describe, expect, it } from 'vitest';
import { StaffBookingCreatedSchema } from '#domain/staff/staff-booking-schemas.ts';
import { deliverDueMessages } from '../../../test/message-delivery.ts';
import { phonedPatient } from '../../../test/phoned-patient.ts';
import { importPractices, practiceConfig, reasonId } from '../../../test/practice-factory.ts';
import { addStaff, signIn, type StaffClient } from '../../../test/staff-factory.ts';
import { fixedClock, withTestApp } from '../../../test/test-app.ts';

// A patient who phoned is booked by the office, not online (ADR 0066): no e-mail of theirs says
// "Booked online", neither the confirmation nor one sent again, nor the notice of a move.
const clock = fixedClock('2026-03-02T12:00:00Z');
let practiceId: string;
let examId: string;
let desk: StaffClient;

const ctx = withTestApp({
  clock,
  seed: async (db) => {
    const ids = await importPractices(db, practiceConfig());
    practiceId = ids['test-practice']!;
    examId = await reasonId(db, practiceId, 'Exam');
  },
});
beforeAll(async () => {
  desk = await signIn(ctx.app, await addStaff(ctx.db, { practiceIds: [practiceId], role: 'front_desk' }));
});

const mailTo = async (email: string) => {
  await deliverDueMessages(ctx.db, clock);
  return ctx.db.query<{ text: string }>('select text from outbox_messages where recipient = $1 order by id', [email]);
};

describe('the e-mails of a booking made by phone', () => {
  it.each([
    ['en', 'rosa@example.com', 'Booked by the office via Chairtime', 'Booked online'],
    ['es', 'rosa.es@example.com', 'Reservado por el consultorio con Chairtime', 'Reservado en línea'],
  ] as const)('in %s say the office booked it, sent again or moved', async (language, email, byOffice, online) => {
    const response = await desk.post(
      '/api/v1/staff/appointments',
      phonedPatient({ reason_id: examId, start_time: language === 'en' ? '10:00' : '11:00', email, language }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const { id } = StaffBookingCreatedSchema.parse(response.json().result);
    expect((await desk.post(`/api/v1/staff/appointments/${id}/resend-confirmation`)).statusCode).toBe(200);
    const moved = await desk.post(`/api/v1/staff/appointments/${id}/reschedule`, {
      apt_date: '2026-03-04',
      start_time: language === 'en' ? '10:00:00' : '11:00:00',
      pms_prov_num: 1,
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const mails = await mailTo(email);
    expect(mails).toHaveLength(3);
    for (const mail of mails) {
      expect(mail.text).toContain(byOffice);
      expect(mail.text).not.toContain(online);
    }
  });
});
