import { describe, expect, it } from 'vitest';
import { OdAppointmentSchema, OdPatientSchema } from '../../adapters/pms/opendental/opendental-schemas.ts';
import { odAppointment, odPatient } from '../../test/fake-opendental-server.ts';
import { checkConflicts, pickPatient, type PlannedAppointment } from './opendental-write-rules.ts';
import { odPhone } from './pms-write-job.ts';

const ana = {
  firstName: 'Ana',
  lastName: 'Lopez',
  dob: '1990-04-12',
  email: 'ana.lopez@example.com',
  wirelessPhone: '+15125550123',
};
const patients = (...rows: Record<string, unknown>[]) => rows.map((row) => OdPatientSchema.parse(row));

describe('matching the Open Dental patient', () => {
  it('ignores the partial matches patients/Simple also returns', () => {
    const found = pickPatient(
      patients(
        odPatient({ PatNum: 1, FName: 'Anabel', LName: 'Lopez', Birthdate: '1990-04-12' }),
        odPatient({ PatNum: 2, FName: 'Ana', LName: 'Lopez-Garcia', Birthdate: '1990-04-12' }),
        odPatient({ PatNum: 3, FName: 'Ana', LName: 'Lopez', Birthdate: '1991-04-12' }),
      ),
      ana,
    );
    expect(found).toEqual({ kind: 'none' });
  });

  it('matches names regardless of case, accents and spaces, or by the preferred name', () => {
    expect(
      pickPatient(patients(odPatient({ PatNum: 4, FName: ' ANA ', LName: 'López', Birthdate: '1990-04-12' })), ana),
    ).toMatchObject({ kind: 'found', patient: { PatNum: 4 } });
    expect(
      pickPatient(
        patients(
          odPatient({ PatNum: 5, FName: 'Anastasia', Preferred: 'Ana', LName: 'Lopez', Birthdate: '1990-04-12' }),
        ),
        ana,
      ),
    ).toMatchObject({
      kind: 'found',
      patient: { PatNum: 5 },
    });
  });

  it('never picks a deceased or archived patient', () => {
    const rows = patients(
      odPatient({ PatNum: 6, FName: 'Ana', LName: 'Lopez', Birthdate: '1990-04-12', PatStatus: 'Deceased' }),
      odPatient({ PatNum: 7, FName: 'Ana', LName: 'Lopez', Birthdate: '1990-04-12', PatStatus: 'Archived' }),
    );
    expect(pickPatient(rows, ana)).toEqual({ kind: 'none' });
  });

  it('lets the e-mail or mobile number decide between namesakes, else asks a person', () => {
    const twins = patients(
      odPatient({ PatNum: 8, FName: 'Ana', LName: 'Lopez', Birthdate: '1990-04-12', Email: 'other@example.com' }),
      odPatient({ PatNum: 9, FName: 'Ana', LName: 'Lopez', Birthdate: '1990-04-12', WirelessPhone: '(512)555-0123' }),
    );
    expect(pickPatient(twins, ana)).toMatchObject({ kind: 'found', patient: { PatNum: 9 } });
    expect(pickPatient(twins, { ...ana, wirelessPhone: '+15125559999', email: 'new@example.com' })).toEqual({
      kind: 'ambiguous',
      count: 2,
    });
  });

  it('writes phone numbers the way an office types them', () => {
    expect(odPhone('+15125550123')).toBe('(512) 555-0123');
    expect(odPhone('5125550123')).toBe('(512) 555-0123');
    expect(odPhone('+447700900123')).toBe('+447700900123');
  });
});

describe('the conflict re-check before Appointments POST', () => {
  const zone = 'America/Chicago';
  // 2026-03-03 08:00-08:30 in Chicago (CST, UTC-6)
  const planned: PlannedAppointment = {
    patNum: 42,
    opNum: 1,
    provNum: 1,
    aptDateTime: '2026-03-03 08:00:00',
    startMs: Date.parse('2026-03-03T14:00:00Z'),
    endMs: Date.parse('2026-03-03T14:30:00Z'),
  };
  const day = (...rows: Parameters<typeof odAppointment>[0][]) =>
    rows.map((row) => OdAppointmentSchema.parse(odAppointment(row)));

  it('is clear when nothing overlaps (back to back is fine)', () => {
    const sameDay = day(
      { AptNum: 1, AptDateTime: '2026-03-03 07:30:00', Pattern: 'XXXXXX', Op: 1, ProvNum: 1 },
      { AptNum: 2, AptDateTime: '2026-03-03 08:30:00', Pattern: 'XXXXXX', Op: 1, ProvNum: 1 },
      { AptNum: 3, AptDateTime: '2026-03-03 08:00:00', Pattern: 'XXXXXX', Op: 1, ProvNum: 1, AptStatus: 'Planned' },
      { AptNum: 4, AptDateTime: '2026-03-03 08:00:00', Pattern: 'XXXXXX', Op: 2, ProvNum: 2 },
    );
    expect(checkConflicts(sameDay, planned, zone)).toEqual({ kind: 'clear' });
  });

  it('finds an overlap in the same chair, or with the same provider in another chair', () => {
    const sameChair = day({ AptNum: 5, AptDateTime: '2026-03-03 07:45:00', Pattern: 'XXXXXX', Op: 1, ProvNum: 3 });
    expect(checkConflicts(sameChair, planned, zone)).toMatchObject({ kind: 'conflict', appointment: { AptNum: 5 } });
    const sameProvider = day({
      AptNum: 6,
      AptDateTime: '2026-03-03 08:15:00',
      Pattern: 'XXX',
      Op: 4,
      ProvNum: 2,
      ProvHyg: 1,
    });
    expect(checkConflicts(sameProvider, planned, zone)).toMatchObject({ kind: 'conflict', appointment: { AptNum: 6 } });
  });

  it('adopts the appointment an earlier attempt created instead of booking it twice', () => {
    const sameDay = day({
      AptNum: 7,
      PatNum: 42,
      AptDateTime: '2026-03-03 08:00:00',
      Pattern: 'XXXXXX',
      Op: 1,
      ProvNum: 1,
    });
    expect(checkConflicts(sameDay, planned, zone)).toEqual({ kind: 'ours', aptNum: 7 });
  });
});
