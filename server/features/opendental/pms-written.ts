import type { BookingEventDetail } from '#domain/booking/booking-events.ts';
import type { Queryable } from '../../db/database.ts';

/**
 * The lifecycle's `recordBookingFact` (ADR 0069), passed in for the reason `moveBack` is: `pms.written` after every
 * write into Open Dental (the booking created there, moved, broken, confirmed), with what was written.
 */
export type RecordPmsWritten = (
  tx: Queryable,
  appointmentId: string,
  fact: { type: 'pms.written'; actor: { kind: 'opendental' }; at: Date; detail: BookingEventDetail },
) => Promise<void>;

/** The fact of one write into Open Dental. */
export const pmsWritten = (at: Date, action: NonNullable<BookingEventDetail['pms_action']>, aptNum: number) => ({
  type: 'pms.written' as const,
  actor: { kind: 'opendental' as const },
  at,
  detail: { pms_action: action, pms_apt_num: aptNum },
});
