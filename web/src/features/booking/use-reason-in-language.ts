import { useEffect, useState } from 'react';
import { useLanguage } from '../../lib/i18n/use-messages.ts';
import { usePageQuery } from '../../lib/page-queries/use-page-query.ts';
import { reasonsQuery } from './api/reasons-queries.ts';
import { useBookingStore } from './state/booking-store.ts';

/**
 * The chosen reason is kept in the booking state with its name in the language it was chosen in;
 * after a language switch (or on a Spanish page) it is refreshed from the practice's list in the
 * patient's language, so the summary and the confirmation name it in that language (ADR 0034).
 * Same id: the provider and slot stay.
 */
export function useReasonInLanguage(practiceId: string, clinicNum: number | null): void {
  const language = useLanguage();
  const [startLanguage] = useState(language);
  const reasonId = useBookingStore((state) => state.patientFormDetails.reasonForVisit?.id ?? null);
  const isNeeded = reasonId !== null && (language !== 'en' || language !== startLanguage);
  const reasons = usePageQuery(reasonsQuery(practiceId, clinicNum, language), isNeeded);
  const fresh = reasons.isPlaceholderData ? undefined : reasons.data?.find((reason) => reason.id === reasonId);

  useEffect(() => {
    if (!fresh) return;
    const stored = useBookingStore.getState().patientFormDetails.reasonForVisit;
    if (stored?.id === fresh.id && stored.name !== fresh.name) useBookingStore.getState().saveReason(fresh);
  }, [fresh]);
}
