import { describe, expect, it } from 'vitest';
import { generateSlots } from '#domain/availability/slot-engine.ts';
import {
  blockoutSchedule,
  odAppointment,
  practiceClosed,
  providerSchedule,
} from '../../../test/fake-opendental-server.ts';
import {
  buildSlotInputs,
  patternFor,
  patternMinutes,
  type OdSnapshot,
  type OfferedSetup,
} from './opendental-availability.ts';
import { OdAppointmentSchema, OdScheduleSchema } from './opendental-schemas.ts';

const CHICAGO = 'America/Chicago';
const offered: OfferedSetup = {
  providers: new Set([1, 2]),
  operatories: new Map([
    [1, null],
    [2, null],
  ]),
  clinics: new Set(),
};

function snapshot(rows: {
  schedules?: Record<string, unknown>[];
  appointments?: Record<string, unknown>[];
}): OdSnapshot {
  const schedules = (rows.schedules ?? []).map((row) => OdScheduleSchema.parse(row));
  return {
    fromDate: '2026-03-02',
    toDate: '2026-03-31',
    providerSchedules: schedules.filter((s) => s.SchedType === 'Provider'),
    blockouts: schedules.filter((s) => s.SchedType === 'Blockout'),
    practiceSchedules: schedules.filter((s) => s.SchedType === 'Practice'),
    appointments: (rows.appointments ?? []).map((row) => OdAppointmentSchema.parse(row)),
  };
}

/** Start times the engine offers on one date, as "HH:mm prov/op". */
function startsOn(
  date: string,
  data: OdSnapshot,
  options: { offered?: OfferedSetup; timeZone?: string; provNum?: number; clinicNum?: number } = {},
) {
  const timeZone = options.timeZone ?? CHICAGO;
  const inputs = buildSlotInputs(data, options.offered ?? offered, timeZone);
  return generateSlots({
    timeZone,
    now: new Date('2026-03-02T12:00:00Z'),
    startDate: date,
    endDate: date,
    durationMinutes: 30,
    intervalMinutes: 30,
    minLeadHours: 0,
    schedules: inputs.schedulesByDate.get(date) ?? [],
    closures: inputs.closures,
    timeOff: [],
    busy: inputs.busy,
    allowedProvNums: [],
    clinicNum: options.clinicNum ?? null,
    provNum: options.provNum ?? 0,
  }).map((r) => `${r.DateTimeStart.slice(11, 16)} ${r.ProvNum}/${r.OpNum}`);
}

describe('Open Dental schedules, blockouts and appointments as slot-engine input', () => {
  it('offers a provider schedule in its operatories, in office wall time', () => {
    const data = snapshot({ schedules: [providerSchedule('2026-03-03', 1, '08:00', '10:00', [1])] });
    expect(startsOn('2026-03-03', data)).toEqual(['08:00 1/1', '08:30 1/1', '09:00 1/1', '09:30 1/1']);
    // The same wall times, read in another zone, are other instants but the same office times.
    expect(startsOn('2026-03-03', data, { timeZone: 'Asia/Kolkata' })).toEqual([
      '08:00 1/1',
      '08:30 1/1',
      '09:00 1/1',
      '09:30 1/1',
    ]);
  });

  it('applies a dated schedule to its own date only', () => {
    const data = snapshot({ schedules: [providerSchedule('2026-03-03', 1, '08:00', '09:00', [1])] });
    expect(startsOn('2026-03-10', data)).toEqual([]);
  });

  it('takes out blockouts, appointments (whole pattern, provider and chair) and practice days off', () => {
    const data = snapshot({
      schedules: [
        providerSchedule('2026-03-03', 1, '08:00', '12:00', [1]),
        blockoutSchedule('2026-03-03', '09:00', '10:00', [1]),
        providerSchedule('2026-03-04', 1, '08:00', '12:00', [1]),
        practiceClosed('2026-03-04'),
      ],
      appointments: [
        // 10:30-11:15 in chair 1 (nine characters of five minutes)
        odAppointment({ AptNum: 1, AptDateTime: '2026-03-03 10:30:00', Pattern: '//XXXXX//', Op: 1, ProvNum: 9 }),
        // Provider 1 busy in another chair 08:00-08:30
        odAppointment({ AptNum: 2, AptDateTime: '2026-03-03 08:00:00', Pattern: 'XXXXXX', Op: 7, ProvNum: 1 }),
        // Off the book: not busy
        odAppointment({
          AptNum: 3,
          AptDateTime: '2026-03-03 11:30:00',
          Pattern: 'XXXXXX',
          Op: 1,
          ProvNum: 1,
          AptStatus: 'Planned',
        }),
        odAppointment({
          AptNum: 4,
          AptDateTime: '2026-03-03 11:30:00',
          Pattern: 'XXXXXX',
          Op: 1,
          ProvNum: 1,
          AptStatus: 'UnschedList',
        }),
      ],
    });
    expect(startsOn('2026-03-03', data)).toEqual(['08:30 1/1', '10:00 1/1', '11:30 1/1']);
    expect(startsOn('2026-03-04', data)).toEqual([]);
  });

  it('treats a blockout without operatories as covering every chair', () => {
    const data = snapshot({
      schedules: [
        providerSchedule('2026-03-03', 2, '08:00', '09:00', [2]),
        blockoutSchedule('2026-03-03', '08:00', '08:30', []),
      ],
    });
    expect(startsOn('2026-03-03', data)).toEqual(['08:30 2/2']);
  });

  it('offers only the providers, operatories and clinics the practice offers online', () => {
    const data = snapshot({
      schedules: [
        providerSchedule('2026-03-03', 1, '08:00', '09:00', [1, 5]), // chair 5 is not offered
        providerSchedule('2026-03-03', 3, '08:00', '09:00', [2]), // provider 3 is not offered
      ],
    });
    expect(startsOn('2026-03-03', data)).toEqual(['08:00 1/1', '08:30 1/1']);
    const withClinics: OfferedSetup = {
      providers: new Set([1]),
      operatories: new Map([
        [1, 10],
        [5, 20],
      ]),
      clinics: new Set([10, 20]),
    };
    expect(startsOn('2026-03-03', data, { offered: withClinics, clinicNum: 20 })).toEqual(['08:00 1/5', '08:30 1/5']);
    const clinic20Off: OfferedSetup = { ...withClinics, clinics: new Set([10]) };
    expect(startsOn('2026-03-03', data, { offered: clinic20Off })).toEqual(['08:00 1/1', '08:30 1/1']);
  });

  it('reads Schedules GET strings and runs a schedule to midnight when it stops at 00:00', () => {
    const data = snapshot({ schedules: [providerSchedule('2026-03-03', 1, '23:00', '00:00', [1])] });
    expect(startsOn('2026-03-03', data)).toEqual(['23:00 1/1', '23:30 1/1']);
  });

  it('skips rows it cannot read instead of failing the whole list', () => {
    const data = snapshot({
      schedules: [
        providerSchedule('2026-03-03', 1, '08:00', '09:00', [1]),
        providerSchedule('2026-03-03', 1, '10:00', '09:00', [1]),
      ],
      appointments: [
        odAppointment({ AptNum: 5, AptDateTime: '0001-01-01 00:00:00', Pattern: 'XX', Op: 1, ProvNum: 1 }),
      ],
    });
    expect(startsOn('2026-03-03', data)).toEqual(['08:00 1/1', '08:30 1/1']);
  });
});

describe('appointment patterns', () => {
  it.each([
    ['/XX/', 20],
    ['//XXXX//', 40],
    ['', 20],
  ])('%j lasts %i minutes', (pattern, minutes) => expect(patternMinutes(pattern)).toBe(minutes));

  it.each([
    [30, 'XXXXXX'],
    [45, 'XXXXXXXXX'],
    [32, 'XXXXXXX'],
    [600, 'X'.repeat(108)],
  ])('%i minutes are %j', (minutes, pattern) => expect(patternFor(minutes)).toBe(pattern));
});
