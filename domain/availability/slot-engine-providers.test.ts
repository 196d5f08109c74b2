import { describe, expect, it } from 'vitest';
import { generateSlots } from './slot-engine.ts';
import type { SlotQuery } from './slot-query.ts';
import { busyAt, describeSlots, schedule, slotQuery } from './slot-engine.test-data.ts';

// Wednesday 2026-03-04 in Chicago, 09:00-12:00, hourly 60-minute slots: three starts a day.
const morning = { start: '09:00', end: '12:00', breaks: [] };
const run = (overrides: Partial<SlotQuery>) => describeSlots(generateSlots(slotQuery(overrides)));

describe('generateSlots: earliest available (no provider chosen)', () => {
  const twoProviders = [schedule({ provNum: 2, opNum: 2, ...morning }), schedule({ provNum: 1, opNum: 1, ...morning })];

  it.each<{ name: string; query: Partial<SlotQuery>; slots: string[] }>([
    {
      name: 'one record per start; equal load goes to the lowest ProvNum',
      query: { schedules: twoProviders },
      slots: ['09:00-10:00 P1 O1', '10:00-11:00 P1 O1', '11:00-12:00 P1 O1'],
    },
    {
      name: 'provNum 0 means earliest available too',
      query: { schedules: twoProviders, provNum: 0 },
      slots: ['09:00-10:00 P1 O1', '10:00-11:00 P1 O1', '11:00-12:00 P1 O1'],
    },
    {
      name: 'the provider with fewer booked minutes that day gets the slot',
      query: { schedules: twoProviders, busy: [busyAt('2026-03-04T15:00', 60, { provNum: 1, opNum: 1 })] },
      slots: ['09:00-10:00 P2 O2', '10:00-11:00 P2 O2', '11:00-12:00 P2 O2'],
    },
    {
      name: 'a busier provider still gets the starts only they can take',
      query: {
        schedules: twoProviders,
        busy: [
          busyAt('2026-03-04T15:00', 60, { provNum: 1, opNum: 1 }),
          busyAt('2026-03-04T10:00', 30, { provNum: 2, opNum: 2 }),
        ],
      },
      slots: ['09:00-10:00 P2 O2', '10:00-11:00 P1 O1', '11:00-12:00 P2 O2'],
    },
    {
      name: 'booked minutes on other days do not count',
      query: { schedules: twoProviders, busy: [busyAt('2026-03-05T09:00', 120, { provNum: 1, opNum: 1 })] },
      slots: ['09:00-10:00 P1 O1', '10:00-11:00 P1 O1', '11:00-12:00 P1 O1'],
    },
    {
      name: 'equal load and provider: the lowest OpNum',
      query: {
        schedules: [schedule({ provNum: 3, opNum: 9, ...morning }), schedule({ provNum: 3, opNum: 4, ...morning })],
      },
      slots: ['09:00-10:00 P3 O4', '10:00-11:00 P3 O4', '11:00-12:00 P3 O4'],
    },
    {
      name: 'different hours merge into one time-ordered list',
      query: {
        schedules: [
          schedule({ provNum: 2, opNum: 2, start: '08:00', end: '10:00', breaks: [] }),
          schedule({ provNum: 1, opNum: 1, ...morning }),
        ],
      },
      slots: ['08:00-09:00 P2 O2', '09:00-10:00 P1 O1', '10:00-11:00 P1 O1', '11:00-12:00 P1 O1'],
    },
  ])('$name', ({ query, slots }) => {
    expect(run(query)).toEqual(slots);
  });
});

describe('generateSlots: provider, operatory and clinic filters', () => {
  const clinics = [
    schedule({ provNum: 1, opNum: 1, clinicNum: 1, start: '09:00', end: '10:00', breaks: [] }),
    schedule({ provNum: 2, opNum: 2, clinicNum: 2, start: '10:00', end: '11:00', breaks: [] }),
  ];

  it.each<{ name: string; query: Partial<SlotQuery>; slots: string[] }>([
    {
      name: 'a chosen provider with two free operatories gets the lowest OpNum',
      query: {
        provNum: 1,
        schedules: [schedule({ provNum: 1, opNum: 2, ...morning }), schedule({ provNum: 1, opNum: 1, ...morning })],
      },
      slots: ['09:00-10:00 P1 O1', '10:00-11:00 P1 O1', '11:00-12:00 P1 O1'],
    },
    {
      name: 'a chosen provider moves to the other operatory when one is taken by someone else',
      query: {
        provNum: 1,
        schedules: [schedule({ provNum: 1, opNum: 2, ...morning }), schedule({ provNum: 1, opNum: 1, ...morning })],
        busy: [busyAt('2026-03-04T10:00', 60, { provNum: 7, opNum: 1 })],
      },
      slots: ['09:00-10:00 P1 O1', '10:00-11:00 P1 O2', '11:00-12:00 P1 O1'],
    },
    {
      name: "another provider's appointment in the operatory blocks it",
      query: {
        schedules: [schedule({ provNum: 2, opNum: 1, ...morning })],
        busy: [busyAt('2026-03-04T10:00', 60, { provNum: 1, opNum: 1 })],
      },
      slots: ['09:00-10:00 P2 O1', '11:00-12:00 P2 O1'],
    },
    {
      name: 'the provider is busy in another operatory',
      query: {
        schedules: [schedule({ provNum: 1, opNum: 1, ...morning })],
        busy: [busyAt('2026-03-04T09:00', 60, { provNum: 1, opNum: 5 })],
      },
      slots: ['10:00-11:00 P1 O1', '11:00-12:00 P1 O1'],
    },
    {
      name: 'a chosen provider gets only their own slots',
      query: {
        provNum: 2,
        schedules: [schedule({ provNum: 1, opNum: 1, ...morning }), schedule({ provNum: 2, opNum: 2, ...morning })],
      },
      slots: ['09:00-10:00 P2 O2', '10:00-11:00 P2 O2', '11:00-12:00 P2 O2'],
    },
    {
      name: 'no clinic filter: every clinic',
      query: { schedules: clinics },
      slots: ['09:00-10:00 P1 O1', '10:00-11:00 P2 O2'],
    },
    {
      name: 'clinicNum null: every clinic',
      query: { schedules: clinics, clinicNum: null },
      slots: ['09:00-10:00 P1 O1', '10:00-11:00 P2 O2'],
    },
    { name: 'clinic 2 only', query: { schedules: clinics, clinicNum: 2 }, slots: ['10:00-11:00 P2 O2'] },
    { name: 'an unknown clinic', query: { schedules: clinics, clinicNum: 3 }, slots: [] },
    {
      name: "allowed providers: only the reason's",
      query: { schedules: clinics, allowedProvNums: [2] },
      slots: ['10:00-11:00 P2 O2'],
    },
    {
      name: 'allowed providers: empty means all',
      query: { schedules: clinics, allowedProvNums: [] },
      slots: ['09:00-10:00 P1 O1', '10:00-11:00 P2 O2'],
    },
    {
      name: 'a chosen provider the reason does not allow',
      query: { schedules: clinics, allowedProvNums: [2], provNum: 1 },
      slots: [],
    },
  ])('$name', ({ query, slots }) => {
    expect(run(query)).toEqual(slots);
  });
});
