import { useEffect } from 'react';
import { useLanguage } from '../../lib/i18n/use-messages.ts';
import { usePageQuery } from '../../lib/page-queries/use-page-query.ts';
import { reasonsQuery } from './api/reasons-queries.ts';
import { PAGE } from './navigation/step-rules.ts';
import { useBookingStore } from './state/booking-store.ts';
import { EARLIEST_AVAILABLE_PROVIDER } from './state/reason-rules.ts';

/**
 * Spec section 2: `rfv` jumps straight to the slot step with that reason and the
 * earliest-available provider. Returns true while the reason is still being looked up.
 */
export function useRfvEntry(practiceId: string, rfv: string | null, clinicNum: number | null): boolean {
  const storedReasonId = useBookingStore((state) => state.patientFormDetails.reasonForVisit?.id);
  const needsReason = rfv !== null && storedReasonId !== rfv;
  const language = useLanguage();
  const reasons = usePageQuery(reasonsQuery(practiceId, clinicNum, language), needsReason);
  const reason = needsReason
    ? reasons.data?.find((candidate) => candidate.id === rfv && candidate.is_active)
    : undefined;

  useEffect(() => {
    if (!reason) return;
    const store = useBookingStore.getState();
    store.saveReason(reason);
    store.saveProvider(EARLIEST_AVAILABLE_PROVIDER);
    store.setPage(PAGE.slot);
  }, [reason]);

  // An unknown rfv is ignored: the patient starts at page 1.
  return needsReason && (reasons.isPending || reason !== undefined);
}
