import type { StaffAppointmentDetail } from '#domain/staff/staff-appointment-schemas.ts';
import { formatPhone } from '#domain/format/phone-format.ts';
import { patientName } from './booking-labels.ts';
import { dollars, instantText } from '../shared/console-dates.ts';
import { DetailList } from '../shared/detail-list.tsx';
import { OtherBookings } from './other-bookings.tsx';
import { consentFields, insuranceFields, insuranceSummary } from './booking-fact-words.ts';

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/**
 * Who, what and how it was booked: patient, visit, insurance, consent, verification, payment, tracking, and the
 * patient's other bookings.
 */
export function BookingFacts({ detail, timeZone }: { detail: StaffAppointmentDetail; timeZone: string }) {
  const { patient } = detail;
  const at = (iso: string | null) => (iso ? instantText(iso, timeZone) : null);
  return (
    <>
      <DetailList
        title="Patient"
        items={[
          ['Name', patientName(patient)],
          ['Patient', patient.is_new ? 'New patient' : 'Returning patient'],
          ['Date of birth', patient.dob],
          ['E-mail', patient.email],
          ['Phone', patient.phone ? formatPhone(patient.phone) : null],
          [
            'Booked by',
            patient.booked_by
              ? `${patientName(patient.booked_by)}${patient.booked_by.dob ? ` (born ${patient.booked_by.dob})` : ''}`
              : null,
          ],
          ['Booked', detail.booked_by_staff ? 'by staff, for a patient who phoned' : 'online'],
          ['Language', detail.language === 'es' ? 'Spanish' : 'English'],
        ]}
      />
      <DetailList
        title="Visit"
        items={[
          ['Reason', detail.reason.name],
          ['Provider', detail.provider_name],
          ['Chair', detail.chair_name],
          ['Clinic', detail.clinic_name],
          ['Message', detail.message],
        ]}
      />
      <DetailList
        title="Insurance"
        items={[['In short', insuranceSummary(detail.insurance)], ...insuranceFields(detail.insurance)]}
      />
      <DetailList title="Consent" items={consentFields(detail.consent, timeZone)} />
      <DetailList
        title="Verification and payment"
        items={[
          [
            'Verified',
            detail.verification.verified
              ? ['yes', detail.verification.channel && `by ${detail.verification.channel}`, at(detail.verification.at)]
                  .filter(Boolean)
                  .join(', ')
              : yesNo(false),
          ],
          ['Payment', detail.payment.replaceAll('_', ' ')],
          ['Amount', detail.payment_detail.amount_cents === null ? null : dollars(detail.payment_detail.amount_cents)],
          ['Paid', at(detail.payment_detail.paid_at)],
        ]}
      />
      <DetailList
        title="Tracking"
        items={[
          ['Source', detail.tracking.source],
          ['Campaign', detail.tracking.campaign],
          ['Medium', detail.tracking.medium],
          ['Referrer', detail.tracking.referrer],
        ]}
      />
      <OtherBookings bookings={detail.other_bookings} timeZone={detail.time_zone} practiceTimeZone={timeZone} />
    </>
  );
}
