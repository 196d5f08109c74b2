import { timeZoneAtClinic } from '#domain/practice/clinic-time-zone.ts';
import { bookingHorizon } from '#domain/availability/booking-horizon.ts';
import { parseLocalDateTime } from '#domain/time/wall-clock.ts';
import { wallToInstants } from '#domain/time/zoned-time.ts';
import type { Clock } from '../../clock.ts';
import type { OfferedSlotRequest } from '../availability/availability-service.ts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { translator } from '../../i18n/translate.ts';
import * as sharedMessages from '#domain/booking/booking-texts.messages.ts';
import * as messages from './bookings.messages.ts';

const t = translator(messages);
const shared = translator(sharedMessages);

import { isTakenInPms } from '../../adapters/pms/pms-recheck-findings.ts';
import { hasActiveOverlap } from './bookings-repository.ts';
import { earliestBookableStart } from '#domain/availability/booking-notice.ts';

export const SLOT_TAKEN_MESSAGE = t('en', 'slotTaken');

/** Somebody else holds the slot (a booking or a payment hold): 409, the patient picks again. */
export const slotTaken = () => new AppError(409, 'SLOT_TAKEN', t.localized('slotTaken'));
/** The time cannot be booked at all (past, lead time, hours, closure, horizon, DST gap, provider). */
export const slotUnavailable = () => new AppError(422, 'SLOT_UNAVAILABLE', shared.localized('slotUnavailable'));

/**
 * The engine does not offer the requested start: say why. Only a slot that an active appointment
 * of the practice now overlaps is "taken"; anything else was never (or is no longer) bookable.
 * Rules the engine applies by themselves (past, lead time, horizon, DST gap, provider) are checked
 * first, so an old booking on a now-past time is not called "taken".
 */
export async function explainUnofferedSlot(
  tx: Queryable,
  deps: { clock: Clock },
  slot: Omit<OfferedSlotRequest, 'ignore'>,
): Promise<AppError> {
  const { practice, reason } = slot;
  const timeZone = timeZoneAtClinic(practice, slot.clinicNum);
  if (slot.provNum !== 0 && reason.provider_nums.length > 0 && !reason.provider_nums.includes(slot.provNum))
    return slotUnavailable();
  const [startsAt] = wallToInstants(parseLocalDateTime(`${slot.date}T${slot.startTime}`), timeZone);
  if (startsAt === undefined) return slotUnavailable();
  const now = deps.clock.now();
  if (startsAt < earliestBookableStart(now.getTime(), practice.min_hours_before_booking)) return slotUnavailable();
  if (slot.date > bookingHorizon(now, timeZone, practice.booking_horizon_months)) return slotUnavailable();
  const endsAt = new Date(startsAt + reason.final_duration * 60_000);
  // Held in the office's own system (Open Dental, read by the booking's re-check): taken too (ADR 0071).
  if (isTakenInPms(tx, slot.provNum, startsAt, endsAt.getTime())) return slotTaken();
  return (await hasActiveOverlap(tx, practice.id, slot.provNum, new Date(startsAt), endsAt))
    ? slotTaken()
    : slotUnavailable();
}
