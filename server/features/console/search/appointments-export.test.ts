import { describe, expect, it } from 'vitest';
import { APPOINTMENT_EXPORT_COLUMNS } from '#domain/staff/staff-inbox-schemas.ts';
import { appointmentsCsv } from './appointments-export.ts';
import type { ExportRow } from './staff-search-repository.ts';

const row = (overrides: Partial<ExportRow>): ExportRow => ({
  id: 'a1',
  reference: 'REF1',
  status: 'booked',
  reschedule_count: 0,
  payment_status: null,
  pms_write_status: null,
  starts_at: new Date('2026-03-03T14:00:00Z'),
  ends_at: new Date('2026-03-03T14:30:00Z'),
  pms_clinic_num: null,
  pms_prov_num: 1,
  pms_op_num: 1,
  reason_id: null,
  reason_name: 'Exam',
  first_name: 'Ana',
  last_name: 'Ruiz',
  patient_status: null,
  booked_by_staff: false,
  provider_name: null,
  chair_name: null,
  clinic_name: null,
  dob: null,
  email: null,
  phone: null,
  user_message: null,
  source_meta: null,
  utm_details: null,
  insurance_details: null,
  language: 'en',
  cancel_reason: null,
  ...overrides,
});

/** The CSV's one data row, by column (for rows whose cells hold no comma or quote). */
function cellsOf(csv: string): Record<string, string> {
  const [header, first] = csv.split('\r\n');
  const values = first!.split(',');
  return Object.fromEntries(header!.split(',').map((column, i) => [column, values[i]!]));
}

describe('the CSV: insurance, language and cancel reason (ADR 0066)', () => {
  it('has the three columns before time_zone, which stays the last', () => {
    expect(APPOINTMENT_EXPORT_COLUMNS.slice(-4)).toEqual(['insurance', 'language', 'cancel_reason', 'time_zone']);
  });

  it('gives the insurance in words, the booking language and the cancel reason', () => {
    const csv = appointmentsCsv(
      [
        row({
          status: 'cancelled',
          language: 'es',
          cancel_reason: 'Patient moved away',
          insurance_details: {
            insurance: 'Delta Dental',
            subscribers_full_name: 'Maria Lopez',
            subscribers_dob: '1965-07-30',
            subscriber_id: 'AB-123',
            group_number: 'G-77',
          },
        }),
      ],
      () => 'America/Chicago',
    );
    // The insurance holds commas, so it is one quoted cell; the last four cells are the new columns and time_zone.
    const insurance = '"Delta Dental, subscriber Maria Lopez (DOB 1965-07-30), ID AB-123, Group G-77"';
    expect(csv.split('\r\n')[1]!.endsWith(`,${insurance},es,Patient moved away,America/Chicago`)).toBe(true);
  });

  it('leaves insurance and cancel reason empty for a booking without them', () => {
    const cells = cellsOf(appointmentsCsv([row({})], () => 'America/New_York'));
    expect(cells).toMatchObject({ insurance: '', language: 'en', cancel_reason: '' });
  });
});
