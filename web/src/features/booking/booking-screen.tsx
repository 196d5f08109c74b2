import { withMessages } from '../../lib/i18n/catalogue-registry.ts';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useSearchParams } from '../../lib/page-router.tsx';
import type { FormDetails } from '#domain/practice/practice-schemas.ts';
import { SidePanel } from '../../components/branding/side-panel.tsx';
import { BookingContext, type BookingContextValue } from './booking-context.ts';
import { BookingLayout } from './booking-layout.tsx';
import { BookingSteps } from './booking-steps.tsx';
import { parseClinicNum } from './first-step.ts';
import { NotAcceptingNotice } from './not-accepting-notice.tsx';
import { useBookingStore } from './state/booking-store.ts';
import { rememberMarketingParams } from './tracking/marketing-params.ts';
import { useBookingSession } from './use-booking-session.ts';
import { useChangeLocation } from './use-change-location.ts';
import { useSelectedClinic } from './use-selected-clinic.ts';

// Shown only once a reason is chosen, so its date formatting stays out of the first page's script.
const BookingSummary = lazy(withMessages(() => import('./booking-summary.tsx')));

/** The booking form of a loaded practice, once its booking and step are set up (use-booking-session.ts). */
export function BookingScreen({ form }: { form: FormDetails }) {
  const [searchParams] = useSearchParams();
  const isPrepared = useBookingSession(form.form_url, searchParams.get('clinic_num'));
  return isPrepared ? <PreparedBookingScreen form={form} /> : null;
}

/** Branding panel, then the steps (or the not-accepting notice). */
function PreparedBookingScreen({ form }: { form: FormDetails }) {
  const [searchParams] = useSearchParams();
  const clinicNumParam = searchParams.get('clinic_num');
  const clinicNum = parseClinicNum(clinicNumParam);
  const rfv = searchParams.get('rfv');
  const referrerId = searchParams.get('referrer_id');
  const { clinic, isResolving } = useSelectedClinic(form, clinicNum);

  const hasReason = useBookingStore((state) => state.patientFormDetails.reasonForVisit !== null);
  const isBooked = useBookingStore((state) => state.patientFormPageNumber >= 7);
  const changeLocation = useChangeLocation(form.form_url);

  useEffect(() => rememberMarketingParams(searchParams), [searchParams]);

  const summary = (
    <Suspense fallback={null}>
      <BookingSummary />
    </Suspense>
  );
  const context = useMemo<BookingContextValue>(
    () => ({ form, clinicNum, rfv, referrerId }),
    [form, clinicNum, rfv, referrerId],
  );

  return (
    <BookingContext.Provider value={context}>
      <BookingLayout
        panel={
          <SidePanel
            form={form}
            clinic={clinic}
            summary={hasReason && summary}
            onChangeLocation={clinic && !rfv && !isBooked ? changeLocation : undefined}
          />
        }
      >
        {/* Hidden while a stored booking may replace the server's first step (ADR 0072, styles.css). */}
        <div data-booking-steps="">
          {form.is_accepting_patients ? (
            <BookingSteps clinic={clinic} isResolvingClinic={isResolving} />
          ) : (
            <NotAcceptingNotice />
          )}
        </div>
      </BookingLayout>
    </BookingContext.Provider>
  );
}
