import { timeZoneOfChosenClinic } from '#domain/practice/clinic-time-zone.ts';
import { formatPhone, phoneHref } from '#domain/format/phone-format.ts';
import type { BookingResult } from '#domain/booking/booking-schemas.ts';
import type { ReasonForVisit } from '#domain/practice/practice-schemas.ts';
import { zoneAbbreviationAt } from '#domain/time/appointment-time.ts';
import { formatDayHeading, localiseTime12h } from '#domain/time/time-format.ts';
import { panelContact } from '../../../components/branding/panel-contact.ts';
import { useLanguage, useMessages } from '../../../lib/i18n/use-messages.ts';
import { useBookingContext } from '../booking-context.ts';
import { redirectPlan } from '../confirmation/redirect-rules.ts';
import { useRedirectCountdown } from '../confirmation/use-redirect-countdown.ts';
import { StepFrame } from '../navigation/step-frame.tsx';
import { useBookingStore } from '../state/booking-store.ts';
import { chosenProviderName, isEarliestAvailable, toProviderDetails } from '../state/reason-rules.ts';
import type { ProviderDetails } from '../state/booking-state.ts';
import { ProviderAvatar } from './provider-avatar.tsx';
import { DetailItem as Item } from '../../../components/ui/detail-item.tsx';
import * as messages from './confirmation-step.messages.ts';
import { ManageLinks } from '../manage/manage-links.tsx';
import { parseLocalDateTime } from '#domain/time/wall-clock.ts';
import { wallToInstant } from '#domain/time/zoned-time.ts';

/** Page 7 (spec section 2): what was booked, and the optional redirect countdown. */
export default function ConfirmationStep() {
  const t = useMessages(messages);
  const language = useLanguage();
  const { form } = useBookingContext();
  const clinic = useBookingStore((state) => state.clinicDetails);
  const details = useBookingStore((state) => state.patientFormDetails);
  const slot = details.bookingSlotDetails;
  const bookingResult = useBookingStore((state) => state.bookingResult);
  const visitStart = useBookingStore((state) => state.patientVisitDuration?.startTime ?? null);
  const startTime = bookingResult?.start_time ?? visitStart;
  // 'First Available' was chosen, but the booking went to someone: name them (the e-mail does too).
  const provider = assignedProvider(
    details.providerDetails,
    details.reasonForVisit,
    bookingResult?.pms_prov_num ?? slot?.provNum ?? null,
  );
  const timeZone = timeZoneOfChosenClinic(form, clinic);
  const zone = slot && startTime ? ` ${zoneAbbreviationAt(slot.date, startTime, timeZone)}` : '';
  const when = slot
    ? t('dateAndTimeValue', {
        day: formatDayHeading(slot.date, language),
        time: localiseTime12h(slot.slotStart, language),
        zone,
      })
    : t('noSlotNote');
  const { address, phone } = panelContact(form, clinic);
  const secondsLeft = useRedirectCountdown(redirectPlan(form));
  const patientName = `${details.basicDetailsData.firstName} ${details.basicDetailsData.lastName}`.trim();
  // A request without a time (the practice system was offline) is not a booking yet: the page says
  // what the e-mail says (ADR 0060).
  const isRequest = bookingResult?.status === 'requested' || !slot;

  return (
    <StepFrame heading={t(isRequest ? 'requestHeading' : 'heading')} showStepLabel={false} isBanner>
      {isRequest && <p className="text-slate-800">{t('requestReceived')}</p>}
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
          <Item term={t('dateAndTime')} value={when} />
          <Item term={t('reason')} value={details.reasonForVisit?.name ?? ''} />
          <div>
            <dt className="text-sm text-slate-600">{t('provider')}</dt>
            <dd className="mt-1 flex items-center gap-3 font-medium text-slate-900">
              {provider && !isEarliestAvailable(provider) && (
                <ProviderAvatar src={provider.profile_pic || null} size={40} />
              )}
              {chosenProviderName(provider) ?? t('firstAvailable')}
            </dd>
          </div>
          <Item term={t('patient')} value={patientName} />
          <Item term={t('phone')} value={formatPhone(details.patientContactDetails.phone)} />
          <Item term={t('email')} value={details.patientContactDetails.email} />
          {/* Our addition (ADR 0033): what the patient reads to the office over the phone. */}
          {bookingResult?.reference && <Item term={t('reference')} value={bookingResult.reference} />}
        </dl>
      </div>
      {bookingResult?.manage_path && (
        <ManageLinks
          managePath={bookingResult.manage_path}
          event={calendarEvent(bookingResult, form.name, address, timeZone)}
        />
      )}
      {secondsLeft !== null && (
        <p role="status" className="text-slate-700">
          {t('redirecting', { seconds: secondsLeft })}
        </p>
      )}
    </StepFrame>
  );
}

/** The provider chosen, or for 'First Available' the reason's provider the booking went to (when known). */
function assignedProvider(
  chosen: ProviderDetails | null,
  reason: ReasonForVisit | null,
  bookedProvNum: number | null,
): ProviderDetails | null {
  if (chosen && !isEarliestAvailable(chosen)) return chosen;
  const assigned = bookedProvNum
    ? reason?.providers.find((provider) => provider.pms_prov_num === bookedProvNum)
    : undefined;
  return assigned ? toProviderDetails(assigned) : chosen;
}

/** The visit for 'Add to calendar', when the booking's times are known. */
function calendarEvent(booked: BookingResult, name: string, address: string | null, timeZone: string) {
  if (!booked.apt_date || !booked.start_time || !booked.end_time) return null;
  const at = (time: string) => new Date(wallToInstant(parseLocalDateTime(`${booked.apt_date}T${time}`), timeZone));
  return {
    title: name,
    location: [name, address].filter(Boolean).join(', '),
    start: at(booked.start_time),
    end: at(booked.end_time),
  };
}
