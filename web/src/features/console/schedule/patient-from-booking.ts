import type { InsuranceDetails } from '#domain/booking/booking-schemas.ts';
import type { StaffAppointmentDetail } from '#domain/staff/staff-appointment-schemas.ts';
import type { PatientValues } from './patient-fields.tsx';

/**
 * The Book-a-patient form as a patient's last booking fills it (ADR 0063): who they are, how to reach them,
 * their language and insurance, and returning. The consent is not carried over: the front desk asks it on
 * this call, and the note is for this visit.
 */
export function patientFromBooking(
  detail: StaffAppointmentDetail,
): Omit<PatientValues, 'agreed_to_contact' | 'message'> {
  const { patient } = detail;
  return {
    first_name: patient.first_name,
    last_name: patient.last_name,
    dob: patient.dob ?? '',
    is_new_patient: 'returning',
    email: patient.email ?? '',
    wireless_phone: patient.phone ?? '',
    language: detail.language,
    insurance: asInsurance(detail.insurance),
  };
}

/** The stored insurance, when it has what a booking's insurance must (the server checks it again). */
function asInsurance(stored: Record<string, unknown> | null): InsuranceDetails | null {
  const text = (key: string) => (typeof stored?.[key] === 'string' ? (stored[key] as string) : null);
  const [insurance, name, dob, id] = ['insurance', 'subscribers_full_name', 'subscribers_dob', 'subscriber_id'].map(
    text,
  );
  if (!insurance || !name || !dob || !id) return null;
  return {
    insurance,
    subscribers_full_name: name,
    subscribers_dob: dob,
    subscriber_id: id,
    subscribers_phone: text('subscribers_phone'),
    group_number: text('group_number'),
    insurance_provider: text('insurance_provider'),
  };
}

/** Insurance in words: "Delta Dental, group G-77, subscriber Marta Ruiz (born 1979-11-05), ID DD-555". */
export function insuranceWords(insurance: InsuranceDetails): string {
  return [
    insurance.insurance_provider ? `${insurance.insurance} (${insurance.insurance_provider})` : insurance.insurance,
    insurance.group_number && `group ${insurance.group_number}`,
    `subscriber ${insurance.subscribers_full_name} (born ${insurance.subscribers_dob})`,
    `ID ${insurance.subscriber_id}`,
  ]
    .filter(Boolean)
    .join(', ');
}
