import { beforeAll, describe, expect, it } from 'vitest';
import { StaffSlotsSchema } from '#domain/staff/staff-appointment-schemas.ts';
import { phonedPatient } from '../../../test/phoned-patient.ts';
import { importPractices, practiceConfig, reasonId } from '../../../test/practice-factory.ts';
import { addStaff, signIn, type StaffClient } from '../../../test/staff-factory.ts';
import { fixedClock, withTestApp } from '../../../test/test-app.ts';

// "Any provider" in the console's dialogs (ADR 0066): every free provider at each time, not the one
// the patients' earliest-available rule would pick. Two doctors, both free all Tuesday 3 March 2026.
const clock = fixedClock('2026-03-02T12:00:00Z');
let practiceId: string;
let examId: string;
let onlyTwoId: string;
let desk: StaffClient;

const ctx = withTestApp({
  clock,
  seed: async (db) => {
    const reasons = [
      { name: 'Exam', final_duration: 30, to_show_providers: true, providers: [] },
      { name: 'Implant', final_duration: 30, to_show_providers: true, providers: [2] },
    ];
    practiceId = (await importPractices(db, practiceConfig({ reasons })))['test-practice']!;
    examId = await reasonId(db, practiceId, 'Exam');
    onlyTwoId = await reasonId(db, practiceId, 'Implant');
  },
});
beforeAll(async () => {
  desk = await signIn(ctx.app, await addStaff(ctx.db, { practiceIds: [practiceId], role: 'front_desk' }));
});

async function slotsAt(reason: string, time: string) {
  const response = await desk.get(`/api/v1/staff/slots?date=2026-03-03&reason_id=${reason}`);
  expect(response.statusCode, response.body).toBe(200);
  const slots = StaffSlotsSchema.parse(response.json().result);
  return slots.filter((slot) => slot.DateTimeStart === `2026-03-03 ${time}`).map((slot) => slot.ProvNum);
}

describe('GET /api/v1/staff/slots without a provider', () => {
  it('lists one entry per free provider at each time, in time then provider order', async () => {
    expect(await slotsAt(examId, '09:00:00')).toEqual([1, 2]);
    const response = await desk.get(`/api/v1/staff/slots?date=2026-03-03&reason_id=${examId}`);
    const starts = StaffSlotsSchema.parse(response.json().result).map((s) => `${s.DateTimeStart} ${s.ProvNum}`);
    expect(starts).toEqual([...starts].sort());
  });

  it("keeps to the reason's providers", async () => {
    expect(await slotsAt(onlyTwoId, '09:00:00')).toEqual([2]);
  });

  it('drops a provider once booked at that time, and keeps the other', async () => {
    const booked = await desk.post('/api/v1/staff/appointments', phonedPatient({ reason_id: examId }));
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await slotsAt(examId, '10:00:00')).toEqual([2]);
  });
});
