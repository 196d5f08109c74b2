import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { FormDetails } from '#domain/practice/practice-schemas.ts';
import { SidePanel } from '../branding/side-panel.tsx';
import { BookingContext, type BookingContextValue } from './booking-context.ts';
import { BookingLayout } from './booking-layout.tsx';
import { BookingSteps } from './booking-steps.tsx';
import { BookingSummary } from './booking-summary.tsx';
import { parseClinicNum } from './first-step.ts';
import { NotAcceptingNotice } from './not-accepting-notice.tsx';
import { rememberMarketingParams } from './tracking/marketing-params.ts';
import { useBookingSession } from './use-booking-session.ts';
import { useSelectedClinic } from './use-selected-clinic.ts';

/** The booking form of a loaded practice: branding panel, then the steps (or the not-accepting notice). */
export function BookingScreen({ form }: { form: FormDetails }) {
  const [searchParams] = useSearchParams();
  const clinicNumParam = searchParams.get('clinic_num');
  useBookingSession(form.form_url, clinicNumParam);
  const clinicNum = parseClinicNum(clinicNumParam);
  const rfv = searchParams.get('rfv');
  const referrerId = searchParams.get('referrer_id');
  const { clinic, isResolving } = useSelectedClinic(form, clinicNum);

  useEffect(() => rememberMarketingParams(searchParams), [searchParams]);

  const context = useMemo<BookingContextValue>(() => ({ form, clinicNum, rfv, referrerId }), [form, clinicNum, rfv, referrerId]);

  return (
    <BookingContext.Provider value={context}>
      <BookingLayout panel={<SidePanel form={form} clinic={clinic} summary={<BookingSummary />} />}>
        {form.is_accepting_patients ? <BookingSteps clinic={clinic} isResolvingClinic={isResolving} /> : <NotAcceptingNotice />}
      </BookingLayout>
    </BookingContext.Provider>
  );
}
