import { queryOptions, type QueryKey } from '@tanstack/react-query';
import type { Language } from '#domain/i18n/languages.ts';
import { SlotListBodySchema, type SlotList } from '#domain/availability/availability-schemas.ts';
import { apiGetBody } from '../../../lib/api-client.ts';
import { keepAcrossLanguages } from './keep-across-languages.ts';

/** Spec section 9: slot availability is cached 20 s. */
export const SLOTS_STALE_TIME_MS = 20_000;

export interface SlotsRequest {
  practiceId: string;
  reasonForVisitId: string;
  /** Inclusive practice-local dates, "YYYY-MM-DD". */
  startDate: string;
  endDate: string;
  /** 0 (earliest available) asks for every provider of the reason. */
  provNum: number;
  clinicNum: number | null;
  /** The server's messages (e.g. the practice system being down) come in this language. */
  language: Language;
}

/** Spec section 7: GET appointment/slots, with `stale_since` when the slots may not be current (ADR 0071). */
export async function fetchSlots(request: SlotsRequest): Promise<SlotList> {
  const body = await apiGetBody('/appointment/slots', SlotListBodySchema, {
    practice_id: request.practiceId,
    reason_for_visit_id: request.reasonForVisitId,
    start_date: request.startDate,
    end_date: request.endDate,
    pms_prov_num: request.provNum > 0 ? request.provNum : null,
    pms_clinic_num: request.clinicNum,
  });
  return { records: body.result, staleSince: body.stale_since ?? null };
}

export const SLOTS_QUERY_ROOT = 'slots';

/** One month's slot request, whatever answers it: the booking flow's list, or a move's (manage page). */
export interface SlotRange {
  startDate: string;
  endDate: string;
  language: Language;
}
export type SlotSource = (range: SlotRange) => ReturnType<typeof slotsQuery>;

export function slotsQuery(request: SlotsRequest) {
  const queryKey: QueryKey = [
    SLOTS_QUERY_ROOT,
    request.practiceId,
    request.reasonForVisitId,
    request.provNum,
    request.clinicNum ?? 0,
    request.startDate,
    request.endDate,
    request.language,
  ];
  return queryOptions({
    queryKey,
    queryFn: () => fetchSlots(request),
    placeholderData: keepAcrossLanguages<SlotList>(queryKey),
    staleTime: SLOTS_STALE_TIME_MS,
    // A failed month shows its message at once (or "Proceed Without Slots"); no silent retries.
    retry: false,
  });
}
