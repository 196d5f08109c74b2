import { formatPhone, phoneHref } from '#domain/format/phone-format.ts';
import type { ReasonForVisit } from '#domain/practice/practice-schemas.ts';
import { zoneAbbreviationAt } from '#domain/time/appointment-time.ts';
import { formatDayHeading } from '#domain/time/time-format.ts';
import { panelContact } from '../../../components/branding/panel-contact.ts';
import { useBookingContext } from '../booking-context.ts';
import { redirectPlan } from '../confirmation/redirect-rules.ts';
import { useRedirectCountdown } from '../confirmation/use-redirect-countdown.ts';
import { StepFrame } from '../navigation/step-frame.tsx';
import { useBookingStore } from '../state/booking-store.ts';
import { isEarliestAvailable, providerSummaryName, toProviderDetails } from '../state/reason-rules.ts';
import type { ProviderDetails } from '../state/booking-state.ts';
import { ProviderAvatar } from './provider-avatar.tsx';
import { DetailItem as Item } from '../../../components/ui/detail-item.tsx';

export const BOOKED_HEADING = 'Appointment Booked';
export const NO_SLOT_NOTE = 'The office will call you to arrange a time.';

/** Page 7 (spec section 2): what was booked, and the optional redirect countdown. */
export default function ConfirmationStep() {
  const { form } = useBookingContext();
  const clinic = useBookingStore((state) => state.clinicDetails);
  const details = useBookingStore((state) => state.patientFormDetails);
  const slot = details.bookingSlotDetails;
  const bookingResult = useBookingStore((state) => state.bookingResult);
  const visitStart = useBookingStore((state) => state.patientVisitDuration?.startTime ?? null);
  const startTime = bookingResult?.start_time ?? visitStart;
  // 'First Available' was chosen, but the booking went to someone: name them (the e-mail does too).
  const provider = assignedProvider(details.providerDetails, details.reasonForVisit, bookingResult?.pms_prov_num ?? slot?.provNum ?? null);
  const zone = slot && startTime ? ` ${zoneAbbreviationAt(slot.date, startTime, form.server_tz)}` : '';
  const { address, phone } = panelContact(form, clinic);
  const secondsLeft = useRedirectCountdown(redirectPlan(form));
  const patientName = `${details.basicDetailsData.firstName} ${details.basicDetailsData.lastName}`.trim();

  return (
    <StepFrame heading={BOOKED_HEADING} showStepLabel={false} isBanner>
      <div className="flex flex-col gap-6 rounded-lg border border-slate-200 bg-white p-5 sm:p-8">
        <header className="flex flex-col gap-1 border-b border-slate-200 pb-4">
          {form.logo && <img src={form.logo} alt="" className="mb-2 h-12 w-auto self-start object-contain" />}
          <p className="text-xl font-semibold text-slate-900">{form.name}</p>
          {address && <p className="text-slate-700">{address}</p>}
          {phone && (
            <a href={phoneHref(phone)} className="w-fit text-slate-900 underline underline-offset-2">
              {formatPhone(phone)}
            </a>
          )}
        </header>
        <dl className="grid gap-4 sm:grid-cols-2">
          <Item term="Date and time" value={slot ? `${formatDayHeading(slot.date)}, ${slot.slotStart}${zone}` : NO_SLOT_NOTE} />
          <Item term="Reason" value={details.reasonForVisit?.name ?? ''} />
          <div>
            <dt className="text-sm text-slate-600">Provider</dt>
            <dd className="mt-1 flex items-center gap-3 font-medium text-slate-900">
              {provider && !isEarliestAvailable(provider) && <ProviderAvatar src={provider.profile_pic || null} size={40} />}
              {providerSummaryName(provider)}
            </dd>
          </div>
          <Item term="Patient" value={patientName} />
          <Item term="Phone" value={formatPhone(details.patientContactDetails.phone)} />
          <Item term="Email" value={details.patientContactDetails.email} />
          {/* Our addition (ADR 0033): what the patient reads to the office over the phone. */}
          {bookingResult?.reference && <Item term="Reference" value={bookingResult.reference} />}
        </dl>
      </div>
      {secondsLeft !== null && (
        <p role="status" className="text-slate-700">
          Redirecting in {secondsLeft} seconds
        </p>
      )}
    </StepFrame>
  );
}

/** The provider chosen, or for 'First Available' the reason's provider the booking went to (when known). */
function assignedProvider(chosen: ProviderDetails | null, reason: ReasonForVisit | null, bookedProvNum: number | null): ProviderDetails | null {
  if (chosen && !isEarliestAvailable(chosen)) return chosen;
  const assigned = bookedProvNum ? reason?.providers.find((provider) => provider.pms_prov_num === bookedProvNum) : undefined;
  return assigned ? toProviderDetails(assigned) : chosen;
}
