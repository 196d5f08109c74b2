import { formatDayHeading, localiseTime12h } from '#domain/time/time-format.ts';
import { useLanguage, useMessages } from '../../lib/i18n/use-messages.ts';
import * as messages from './booking-summary.messages.ts';
import { useBookingStore } from './state/booking-store.ts';
import { chosenProviderName } from './state/reason-rules.ts';
import { HeadedSection } from '../../components/ui/headed-section.tsx';

/**
 * Spec section 2: on large screens, once a reason is chosen, the panel lists the reason, the
 * provider ('First Available' for the earliest-available choice) and the appointment slot.
 */
export default function BookingSummary() {
  const t = useMessages(messages);
  const language = useLanguage();
  const details = useBookingStore((state) => state.patientFormDetails);
  const page = useBookingStore((state) => state.patientFormPageNumber);
  const reason = details.reasonForVisit;
  if (!reason || page >= 7) return null;
  const slot = details.bookingSlotDetails;

  return (
    <HeadedSection
      id="booking-summary-heading"
      heading={t('heading')}
      level="h2"
      className="mt-6 hidden rounded-lg border border-current/30 p-4 lg:block"
      headingClassName="mb-3 text-lg font-semibold"
    >
      <dl className="flex flex-col gap-2">
        <SummaryRow term={t('reason')} value={reason.name} />
        {details.providerDetails && (
          <SummaryRow term={t('provider')} value={chosenProviderName(details.providerDetails) ?? t('firstAvailable')} />
        )}
        {slot && (
          <SummaryRow
            term={t('slot')}
            value={t('dateAndTime', {
              day: formatDayHeading(slot.date, language),
              time: localiseTime12h(slot.slotStart, language),
            })}
          />
        )}
      </dl>
    </HeadedSection>
  );
}

function SummaryRow({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className="text-sm">{term}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}
