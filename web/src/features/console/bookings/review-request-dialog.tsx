import type { StaffAppointmentDetail } from '#domain/staff/staff-appointment-schemas.ts';
import { patientName } from './booking-labels.ts';
import { ConsoleDialog } from '../shared/console-dialog.tsx';
import { secondaryButtonClass } from '../shared/console-styles.ts';
import { ReviewRequestForm } from '../reviews/review-request-form.tsx';
import { sentText } from '../reviews/review-requests-api.ts';

interface ReviewRequestDialogProps {
  detail: StaffAppointmentDetail;
  onClose: () => void;
  /** What to tell the person in the panel: where it went, or the link to give the patient. */
  onSent: (what: string) => void;
}

/** A review request about this visit, from its panel: the booking's patient, and its consented contacts unless others are typed. */
export function ReviewRequestDialog({ detail, onClose, onSent }: ReviewRequestDialogProps) {
  return (
    <ConsoleDialog shape="centred" title={`Ask ${patientName(detail.patient)} for a review`} onClose={onClose}>
      <ReviewRequestForm
        visit={{ appointmentId: detail.id, firstName: detail.patient.first_name, lastName: detail.patient.last_name }}
        submitLabel="Send review request"
        onSent={(created) => onSent(sentText(created))}
      >
        <button type="button" onClick={onClose} className={secondaryButtonClass}>
          Not now
        </button>
      </ReviewRequestForm>
    </ConsoleDialog>
  );
}
