import { describeInsurance } from '#domain/booking/booking-schemas.ts';
import { toCsv, type CsvCell } from '#domain/format/csv-format.ts';
import { formatPhone } from '#domain/format/phone-format.ts';
import { APPOINTMENT_EXPORT_COLUMNS } from '#domain/staff/staff-inbox-schemas.ts';
import { paymentStateOf } from '../../manage/manage-view.ts';
import { isNewPatient, wallTimes } from '../schedule/staff-appointment-view.ts';
import type { ExportRow } from './staff-search-repository.ts';

type ExportColumn = (typeof APPOINTMENT_EXPORT_COLUMNS)[number];

/** Where the booking came from: the page's own source, else the campaign link's utm_source. */
function sourceOf(row: ExportRow): string | null {
  return row.source_meta?.source || row.utm_details?.utm_source || null;
}

function cellsOf(row: ExportRow, timeZone: string): Record<ExportColumn, CsvCell> {
  const local = wallTimes(row, timeZone);
  return {
    reference: row.reference,
    date: local.apt_date,
    start: local.start_time,
    end: local.end_time,
    status: row.status,
    payment: paymentStateOf(row),
    reason: row.reason_name,
    provider: row.provider_name,
    chair: row.chair_name,
    clinic: row.clinic_name,
    patient_first_name: row.first_name,
    patient_last_name: row.last_name,
    dob: row.dob,
    email: row.email,
    phone: row.phone ? formatPhone(row.phone) : null,
    new_or_returning: row.patient_status === null ? null : isNewPatient(row) ? 'new' : 'returning',
    message: row.user_message,
    source: sourceOf(row),
    campaign: row.utm_details?.utm_campaign || null,
    insurance: row.insurance_details ? describeInsurance(row.insurance_details) : null,
    language: row.language,
    cancel_reason: row.cancel_reason,
    time_zone: timeZone,
  };
}

/**
 * The appointments as CSV (RFC 4180, CRLF), one row each. Every text cell goes through toCsv, which
 * neutralises what a spreadsheet would run as a formula (a name or message typed as `=HYPERLINK(…)`).
 */
export function appointmentsCsv(rows: readonly ExportRow[], timeZoneOf: (row: ExportRow) => string): string {
  return toCsv(
    APPOINTMENT_EXPORT_COLUMNS,
    rows.map((row) => {
      const cells = cellsOf(row, timeZoneOf(row));
      return APPOINTMENT_EXPORT_COLUMNS.map((column) => cells[column]);
    }),
  );
}
