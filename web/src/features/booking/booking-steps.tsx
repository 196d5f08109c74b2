import { Suspense, useEffect, useRef } from 'react';
import type { Clinic } from '#domain/practice/practice-schemas.ts';
import { LoadingDotsOverlay } from '../../components/ui/loading-dots-overlay.tsx';
import { brandColorOrDefault } from '../../lib/contrast.ts';
import { preloadableLazy } from '../../lib/preloadable-lazy.tsx';
import { QueryScope } from '../../lib/page-queries/query-scope.tsx';
import { useBookingContext } from './booking-context.ts';
import { isClinicChoiceFirst } from './first-step.ts';
import { reachablePage } from './navigation/reachable-page.ts';
import { LOCATION_SCREEN, stepName } from './navigation/step-history.ts';
import { PAGE } from './navigation/step-rules.ts';
import { useStepHistory } from './navigation/use-step-history.ts';
import { clearBookingStorage, useBookingStore } from './state/booking-store.ts';
import { useUiStore } from './state/ui-store.ts';
import { ClinicStep } from './steps/clinic-step.tsx';
import { PatientTypeStep } from './steps/patient-type-step.tsx';
import { useReasonInLanguage } from './use-reason-in-language.ts';
import { useRfvEntry } from './use-rfv-entry.ts';
import { flushFunnel, funnelEvent, startFunnel } from './tracking/funnel-beacon.ts';

// Page 1 and the location choice are in the entry chunk; later steps load when first reached.
const ReasonStep = preloadableLazy(() => import('./steps/reason-step.tsx'));
const ProviderStep = preloadableLazy(() => import('./steps/provider-step.tsx'));
const SlotStep = preloadableLazy(() => import('./steps/slot-step.tsx'));
const ContactStep = preloadableLazy(() => import('./steps/contact-step.tsx'));
const VerifyStep = preloadableLazy(() => import('./verify/verify-step.tsx'));
const ConfirmationStep = preloadableLazy(() => import('./steps/confirmation-step.tsx'));

/**
 * The steps each page can lead to. Their chunks load while the patient is still on the page (or
 * during the auto-advance pause), so the next step appears at once rather than after a fallback.
 */
const NEXT_STEPS: Partial<Record<number, { preload: () => Promise<void> }[]>> = {
  [PAGE.patientType]: [ReasonStep, ProviderStep],
  [PAGE.reason]: [ProviderStep, SlotStep],
  [PAGE.provider]: [SlotStep],
  [PAGE.slot]: [ContactStep],
  [PAGE.contact]: [VerifyStep, ConfirmationStep],
  [PAGE.verify]: [ConfirmationStep],
};

interface BookingStepsProps {
  clinic: Clinic | null;
  isResolvingClinic: boolean;
}

/** Shows the step the booking state is on (spec section 2 page numbers). */
export function BookingSteps({ clinic, isResolvingClinic }: BookingStepsProps) {
  const { form, rfv, clinicNum: clinicNumParam } = useBookingContext();
  const clinicNum = clinic?.pms_clinic_num ?? null;
  const isApplyingRfv = useRfvEntry(form.id, rfv, clinicNum);
  useReasonInLanguage(form.id, clinicNum);
  const page = useBookingStore((state) => state.patientFormPageNumber);
  const details = useBookingStore((state) => state.patientFormDetails);
  const slotsError = useBookingStore((state) => state.slotsError);
  const hasBookingResult = useBookingStore((state) => state.bookingResult !== null);
  const showsProviders = details.reasonForVisit?.to_show_providers ?? false;
  const isAdvancing = useUiStore((state) => state.isAdvancing);
  const brandColor = brandColorOrDefault(form.form_customization.brand_color);

  const shown = reachablePage(page, {
    hasStatus: details.basicDetailsData.patientStatus !== null,
    hasReason: details.reasonForVisit !== null,
    hasProvider: details.providerDetails !== null,
    hasSlot: details.bookingSlotDetails !== null,
    canSkipSlot: slotsError?.code === 'PMS_UNAVAILABLE',
    hasBookingResult,
  });

  const isClinicChoice = isClinicChoiceFirst({ clinicSetUp: form.clinic_set_up, hasClinic: clinic !== null, rfv });
  const isResolving = isResolvingClinic || isApplyingRfv;
  const screen = isResolving ? null : isClinicChoice ? LOCATION_SCREEN : shown;
  useStepHistory(
    screen,
    { clinicSetUp: form.clinic_set_up, clinicNum: clinicNumParam, rfv, showsProviders },
    hasBookingResult,
  );

  useEffect(() => {
    // Page 1 waits for a choice: what its first paint fetches has a budget of its own (ADR 0016).
    if (shown === PAGE.patientType && !isAdvancing) return;
    // A failed preload is harmless: the step loads again, through Suspense, when it is shown.
    NEXT_STEPS[shown]?.forEach((step) => step.preload().catch(() => undefined));
  }, [shown, isAdvancing]);

  const funnelScreen = useRef<number | null>(null);
  useEffect(() => {
    // ADR 0080: a step change first sends what the step before collected (one request per step).
    if (screen === null || screen === funnelScreen.current) return;
    const before = funnelScreen.current;
    funnelScreen.current = screen;
    startFunnel(form.id);
    flushFunnel();
    const type =
      screen === PAGE.confirmation
        ? 'booked'
        : before === null
          ? 'page_shown'
          : screen < before
            ? 'step_back'
            : 'step_reached';
    funnelEvent(type, stepName(screen));
  }, [form.id, screen]);

  useEffect(() => {
    if (shown !== PAGE.confirmation) return;
    // Spec section 4: leaving the confirmation page (reload, close, navigate away) forgets the booking.
    window.addEventListener('pagehide', clearBookingStorage);
    return () => window.removeEventListener('pagehide', clearBookingStorage);
  }, [shown]);

  if (isResolving) return <LoadingDotsOverlay color={brandColor} />;
  if (isClinicChoice) return <ClinicStep />;

  return (
    <>
      {isAdvancing && <LoadingDotsOverlay color={brandColor} />}
      <Suspense fallback={<LoadingDotsOverlay color={brandColor} />}>
        <StepForPage page={shown} clinicNum={clinicNum} />
      </Suspense>
    </>
  );
}

function StepForPage({ page, clinicNum }: { page: number; clinicNum: number | null }) {
  const later = laterStep(page, clinicNum);
  // Later steps read and write through the query library, loaded after page 1 (ADR 0085).
  return later ? <QueryScope>{later}</QueryScope> : <PatientTypeStep clinicNum={clinicNum} />;
}

function laterStep(page: number, clinicNum: number | null) {
  switch (page) {
    case PAGE.reason:
      return <ReasonStep clinicNum={clinicNum} />;
    case PAGE.provider:
      return <ProviderStep />;
    case PAGE.slot:
      return <SlotStep clinicNum={clinicNum} />;
    case PAGE.contact:
      return <ContactStep clinicNum={clinicNum} />;
    case PAGE.verify:
      return <VerifyStep clinicNum={clinicNum} />;
    case PAGE.confirmation:
      return <ConfirmationStep />;
    default:
      return null;
  }
}
