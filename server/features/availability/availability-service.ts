import type { AvailabilityRecord } from '#domain/availability/availability-schemas.ts';
import type { SlotsQuery } from '#domain/availability/slot-request-schemas.ts';
import { timeZoneAtClinic } from '#domain/practice/clinic-time-zone.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';
import { PmsUnavailableError } from '../../adapters/pms/pms-adapter.ts';
import type { PmsAdapterSelector } from '../../adapters/pms/pms-adapter-factory.ts';
import type { Database, Queryable } from '../../db/database.ts';
import type { PracticeRow, PracticesService, ReasonRow } from '../practices/practices-service.ts';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../http/app-error.ts';
import { translator } from '../../i18n/translate.ts';
import * as messages from './availability.messages.ts';

const t = translator(messages);

import { listenForSlotChanges, UNHEARD_TTL_MS, type SlotChangeLogger } from './slot-change-listener.ts';
import { createSlotCache } from './slot-cache.ts';
import { createSlotListPayload, type SlotListPayload } from './slot-list-payload.ts';

export const SLOT_CACHE_TTL_MS = 20_000;

export interface OfferedSlotRequest {
  practice: PracticeRow;
  reason: ReasonRow;
  /** Practice-local "YYYY-MM-DD" and "HH:mm:ss". */
  date: string;
  startTime: string;
  provNum: number;
  clinicNum: number | null;
  /** A booking being moved: its own time counts as free (ADR 0036). */
  ignore?: { appointmentId: string; pmsAptNum: number | null };
}

export interface AvailabilityService {
  /** The slot list, serialised once per cache entry (see slot-list-payload.ts). */
  listSlots(query: SlotsQuery): Promise<SlotListPayload>;
  /** The slot list for moving one booking (its manage link): its own time counts as free; never cached. */
  listSlotsForMove(
    query: SlotsQuery,
    ignore: { appointmentId: string; pmsAptNum: number | null },
  ): Promise<SlotListPayload>;
  /**
   * The record the engine offers right now for this start time, read through `tx` (the booking
   * transaction), or null. The same code path as the slots list, without the cache.
   */
  findOfferedSlot(tx: Queryable, request: OfferedSlotRequest): Promise<AvailabilityRecord | null>;
  /** True when the practice's system cannot answer now ("Proceed Without Slots" is allowed). */
  isPmsUnavailable(practice: PracticeRow, tx?: Queryable): Promise<boolean>;
  /**
   * Forgets the practice's cached slot lists. Changes do not call it: the event they write
   * announces them on commit to every process, this one included (ADR 0069).
   */
  invalidatePractice(practiceId: string): void;
  /** Stops hearing other processes' changes (the app's onClose). */
  close(): Promise<void>;
}

/** Messages the booking page recognises to offer "Proceed Without Slots" (spec section 8). */
const PMS_UNAVAILABLE_KEYS = {
  connector_down: 'connectorDown',
  version: 'connectorVersion',
  unreachable: 'connectorUnreachable',
} as const;
export const PMS_UNAVAILABLE_MESSAGES = {
  connector_down: t('en', 'connectorDown'),
  version: t('en', 'connectorVersion'),
  unreachable: t('en', 'connectorUnreachable'),
} as const;

/** The 503 a booking page answers with "Proceed Without Slots", in the patient's language. */
export const pmsUnavailable = (reason: keyof typeof PMS_UNAVAILABLE_KEYS) =>
  new AppError(503, 'PMS_UNAVAILABLE', t.localized(PMS_UNAVAILABLE_KEYS[reason]));

export type AvailabilityDeps = {
  practices: PracticesService;
  pmsFor: PmsAdapterSelector;
  clock: Clock;
  cacheTtlMs?: number;
  /** Where changes of other processes are heard from. */
  db: Pick<Database, 'listen'>;
  logger: SlotChangeLogger;
};

/** The slot list and, for a mirror older than its practice allows, since when (ADR 0071). */
async function computeSlots(
  deps: AvailabilityDeps,
  query: SlotsQuery,
  ignore?: OfferedSlotRequest['ignore'],
): Promise<SlotListPayload> {
  const { practice, reason } = await deps.practices.requirePracticeAndReason(
    query.practice_id,
    query.reason_for_visit_id,
  );
  const clinicNum = query.pms_clinic_num;
  if (clinicNum !== undefined) {
    if (practice.clinic_set_up) await deps.practices.requireActiveClinic(practice.id, clinicNum);
    if (reason.clinic_nums.length > 0 && !reason.clinic_nums.includes(clinicNum)) {
      throw AppError.badRequest(t.localized('reasonNotAtClinic'), {
        pms_clinic_num: t.localized('reasonNotAtClinicField'),
      });
    }
  }
  const provNum = query.pms_prov_num ?? 0;
  if (provNum !== 0 && reason.provider_nums.length > 0 && !reason.provider_nums.includes(provNum)) {
    throw AppError.badRequest(t.localized('providerNotForReason'), {
      pms_prov_num: t.localized('providerNotForReasonField'),
    });
  }
  const adapter = deps.pmsFor(practice.pms);
  const now = deps.clock.now();
  const { records, staleSince } = await adapter.getAvailability({
    practice,
    now,
    timeZone: timeZoneAtClinic(practice, clinicNum),
    startDate: query.start_date,
    endDate: query.end_date,
    durationMinutes: reason.final_duration,
    allowedProvNums: reason.provider_nums,
    ...(clinicNum !== undefined ? { clinicNum } : {}),
    provNum,
    ...(ignore ? { ignore } : {}),
  });
  return createSlotListPayload(records, staleSince);
}

async function findOfferedSlot(
  deps: AvailabilityDeps,
  tx: Queryable,
  request: OfferedSlotRequest,
): Promise<AvailabilityRecord | null> {
  const { records } = await deps.pmsFor(request.practice.pms, tx).getAvailability({
    practice: request.practice,
    now: deps.clock.now(),
    timeZone: timeZoneAtClinic(request.practice, request.clinicNum),
    startDate: request.date,
    endDate: request.date,
    durationMinutes: request.reason.final_duration,
    allowedProvNums: request.reason.provider_nums,
    ...(request.clinicNum !== null ? { clinicNum: request.clinicNum } : {}),
    provNum: request.provNum,
    ...(request.ignore ? { ignore: request.ignore } : {}),
  });
  const start = `${request.date} ${request.startTime}`;
  return records.find((record) => record.DateTimeStart === start) ?? null;
}

async function isPmsUnavailable(deps: AvailabilityDeps, practice: PracticeRow, tx?: Queryable): Promise<boolean> {
  try {
    const today = localDateOf(deps.clock.now(), practice.server_tz);
    await deps.pmsFor(practice.pms, tx).getAvailability({
      practice,
      now: deps.clock.now(),
      timeZone: practice.server_tz,
      startDate: today,
      endDate: today,
      durationMinutes: 60,
      allowedProvNums: [],
    });
    return false;
  } catch (error) {
    if (error instanceof PmsUnavailableError) return true;
    throw error;
  }
}

export function createAvailabilityService(deps: AvailabilityDeps): AvailabilityService {
  const ttlMs = deps.cacheTtlMs ?? SLOT_CACHE_TTL_MS;
  // While other processes cannot be heard, a short life keeps "offered again at once" within a second.
  const cache = createSlotCache<SlotListPayload>({
    ttlMs: () => (otherProcesses.isListening() ? ttlMs : Math.min(ttlMs, UNHEARD_TTL_MS)),
    maxEntries: 5_000,
    now: () => deps.clock.now().getTime(),
  });
  const otherProcesses = listenForSlotChanges(deps.db, cache, deps.logger);

  return {
    async listSlots(query) {
      const key = [
        query.reason_for_visit_id,
        query.start_date,
        query.end_date,
        query.pms_prov_num ?? 0,
        query.pms_clinic_num ?? '',
      ].join('|');
      try {
        // The checks run inside the cached computation too: a hit costs no database round trip.
        // Keyed by the id in its stored (lower-case) form, the one invalidations and notices use.
        return await cache.get(query.practice_id.toLowerCase(), key, () => computeSlots(deps, query));
      } catch (error) {
        if (error instanceof PmsUnavailableError) throw pmsUnavailable(error.reason);
        throw error;
      }
    },
    async listSlotsForMove(query, ignore) {
      try {
        return await computeSlots(deps, query, ignore);
      } catch (error) {
        if (error instanceof PmsUnavailableError) throw pmsUnavailable(error.reason);
        throw error;
      }
    },
    findOfferedSlot: (tx, request) => findOfferedSlot(deps, tx, request),
    isPmsUnavailable: (practice, tx) => isPmsUnavailable(deps, practice, tx),
    invalidatePractice: (practiceId) => cache.invalidatePractice(practiceId),
    close: () => otherProcesses.close(),
  };
}
