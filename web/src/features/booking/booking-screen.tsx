import { useSearchParams } from 'react-router';
import type { FormDetails } from '#domain/practice/practice-schemas.ts';
import { SidePanel } from '../branding/side-panel.tsx';
import { BookingLayout } from './booking-layout.tsx';
import { CLINIC_STEP_HEADING, isClinicChoiceFirst, parseClinicNum, PATIENT_TYPE_STEP_HEADING } from './first-step.ts';
import { NotAcceptingNotice } from './not-accepting-notice.tsx';
import { useSelectedClinic } from './use-selected-clinic.ts';

/** The booking form of a loaded practice: branding panel, then the steps (or the not-accepting notice). */
export function BookingScreen({ form }: { form: FormDetails }) {
  const [searchParams] = useSearchParams();
  const clinicNum = parseClinicNum(searchParams.get('clinic_num'));
  const rfv = searchParams.get('rfv');
  const clinic = useSelectedClinic(form, clinicNum);
  const heading = isClinicChoiceFirst({ clinicSetUp: form.clinic_set_up, clinicNum, rfv }) ? CLINIC_STEP_HEADING : PATIENT_TYPE_STEP_HEADING;

  return (
    <BookingLayout panel={<SidePanel form={form} clinic={clinic} />}>
      {form.is_accepting_patients ? (
        <section aria-labelledby="booking-step-heading" className="flex flex-col gap-6">
          <h2 id="booking-step-heading" className="text-2xl font-semibold text-slate-900">
            {heading}
          </h2>
        </section>
      ) : (
        <NotAcceptingNotice />
      )}
    </BookingLayout>
  );
}
