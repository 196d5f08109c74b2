import { describe, expect, it } from 'vitest';
import { generateSlots } from '../availability/slot-engine.ts';
import { schedule, slotQuery, startTimes } from '../availability/slot-engine.test-data.ts';
import { timeZoneAtClinic, timeZoneOfChosenClinic } from './clinic-time-zone.ts';
import { parsePracticeConfigFile } from './practice-config-schema.ts';

/** ADR 0061: a clinic's own zone, else the practice's. */
const practice = { server_tz: 'America/New_York', clinic_time_zones: { '2': 'America/Chicago' } };

describe('timeZoneAtClinic', () => {
  it.each([
    ['a clinic with its own zone', 2, 'America/Chicago'],
    ['a clinic without one', 1, 'America/New_York'],
    ['no clinic (a practice without clinics)', null, 'America/New_York'],
    ['no clinic asked for', undefined, 'America/New_York'],
  ])('%s', (_name, clinicNum, zone) => {
    expect(timeZoneAtClinic(practice, clinicNum)).toBe(zone);
  });

  it("is the practice's zone when no clinic names one (the spec's one zone per practice)", () => {
    expect(timeZoneAtClinic({ server_tz: 'America/Denver', clinic_time_zones: {} }, 2)).toBe('America/Denver');
  });

  it("on the booking page: the chosen clinic's zone, else the practice's", () => {
    expect(timeZoneOfChosenClinic(practice, { time_zone: 'America/Chicago' })).toBe('America/Chicago');
    expect(timeZoneOfChosenClinic(practice, null)).toBe('America/New_York');
  });
});

describe("a clinic's time_zone in the practice file", () => {
  const file = (clinic: Record<string, unknown>) => ({
    practices: [
      {
        form_url: 'two-zones',
        name: 'Two Zones Dental',
        server_tz: 'America/New_York',
        clinic_set_up: true,
        clinics: [{ pms_clinic_num: 1, ...clinic }],
      },
    ],
  });

  it('defaults to null (the practice zone) and keeps an IANA name', () => {
    const bare = parsePracticeConfigFile(file({}));
    const own = parsePracticeConfigFile(file({ time_zone: 'America/Chicago' }));
    expect(bare.ok && bare.value.practices[0]!.clinics[0]!.time_zone).toBeNull();
    expect(own.ok && own.value.practices[0]!.clinics[0]!.time_zone).toBe('America/Chicago');
  });

  it.each(['Chicago', '+05:00', 'Mars/Olympus'])('refuses %s as the practice zone is refused', (zone) => {
    const parsed = parsePracticeConfigFile(file({ time_zone: zone }));
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? [] : parsed.problems).toContain(
      'practices[0].clinics[0].time_zone: must be an IANA time zone such as America/Chicago',
    );
  });
});

describe("slots on the clinic's clock", () => {
  // 09:15 in New York, 08:15 in Chicago: the same 09:00 start is past at one clinic and ahead at the other.
  const at0815Chicago = (clinicNum: number) =>
    startTimes(
      generateSlots(
        slotQuery({
          timeZone: timeZoneAtClinic(practice, clinicNum),
          now: new Date('2026-03-03T14:15:00Z'),
          startDate: '2026-03-03',
          endDate: '2026-03-03',
          schedules: [schedule({ clinicNum, start: '09:00', end: '11:00', breaks: [] })],
          clinicNum,
        }),
      ),
    );

  it.each([
    ['the Chicago clinic still offers its 09:00', 2, ['09:00', '10:00']],
    ["the New York clinic's 09:00 is gone", 1, ['10:00']],
  ])('%s', (_name, clinicNum, starts) => {
    expect(at0815Chicago(clinicNum)).toEqual(starts);
  });
});
