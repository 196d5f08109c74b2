import type { StaffBlockBody, StaffBlockCreated } from '#domain/staff/staff-booking-schemas.ts';
import { addDays } from '#domain/time/local-date.ts';
import { parseLocalDateTime } from '#domain/time/wall-clock.ts';
import { wallToInstant } from '#domain/time/zoned-time.ts';
import type { Clock } from '../../../clock.ts';
import type { Database, Queryable } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import { recordPracticeEvent } from '../../bookings/booking-lifecycle-steps.ts';
import type { AvailabilityService } from '../../availability/availability-service.ts';
import type { PracticeRow } from '../../practices/practices-service.ts';
import { pathId } from '../staff-path-id.ts';
import {
  countBookingsInBlock,
  deleteScheduleBlock,
  insertScheduleBlock,
  practiceHas,
  type ScheduleBlockRow,
} from './schedule-blocks-repository.ts';

export interface ScheduleBlocksDeps {
  db: Database;
  clock: Clock;
  availability: Pick<AvailabilityService, 'invalidatePractice'>;
}

type InTransaction = (tx: Queryable, block: ScheduleBlockRow) => Promise<void>;

/** An Open Dental practice's schedule lives in Open Dental: blocking it here would not reach the office. */
export function requireBuiltinSchedule(practice: Pick<PracticeRow, 'pms'>): void {
  if (practice.pms.type !== 'builtin')
    throw new AppError(409, 'CONFLICT', "Block time in Open Dental: this practice's schedule is kept there.");
}
/** Times closed or opened without a booking changing: a practice-level event (ADR 0069). */
function recordBlockEvent(
  tx: Queryable,
  deps: Pick<ScheduleBlocksDeps, 'clock'>,
  who: { practiceId: string; email: string },
  type: 'schedule.block_added' | 'schedule.block_removed',
  block: ScheduleBlockRow,
): Promise<void> {
  return recordPracticeEvent(tx, {
    practiceId: who.practiceId,
    type,
    actor: { kind: 'staff', email: who.email },
    details: { block_id: block.id },
    at: deps.clock.now(),
  });
}
const blockNotFound = () => AppError.notFound('No such blocked time.');

/**
 * Takes time out of the built-in schedule (ADR 0038). The slot engine reads blocks with the rest of
 * the schedule (builtin-schedule-repository.ts), so the change shows as soon as the caches forget
 * the practice: this process's at once, every other process's through the commit's notice.
 * Bookings inside the block stay; the answer counts them.
 */
export async function blockTime(
  deps: ScheduleBlocksDeps,
  who: { practice: PracticeRow; accountId: string; email: string },
  body: StaffBlockBody,
  alsoInTransaction: InTransaction,
): Promise<StaffBlockCreated> {
  const { practice } = who;
  requireBuiltinSchedule(practice);
  const named = [
    { field: 'pms_prov_num', table: 'providers', num: body.pms_prov_num, what: 'provider' },
    { field: 'pms_op_num', table: 'operatories', num: body.pms_op_num, what: 'chair' },
    { field: 'pms_clinic_num', table: 'clinics', num: body.pms_clinic_num, what: 'clinic' },
  ] as const;
  for (const { field, table, num, what } of named) {
    // Numbers are the practice's own: one it does not have (another practice's) is a field error.
    if (num != null && !(await practiceHas(deps.db, practice.id, { table, num }))) {
      throw AppError.validation(`The practice has no ${what} ${num}.`, { [field]: `No such ${what}.` });
    }
  }
  const startsAt = wallToInstant(parseLocalDateTime(`${body.date}T${body.start_time}`), practice.server_tz);
  const endsAt =
    body.end_time === '24:00:00'
      ? wallToInstant(parseLocalDateTime(`${addDays(body.date, 1)}T00:00:00`), practice.server_tz)
      : wallToInstant(parseLocalDateTime(`${body.date}T${body.end_time}`), practice.server_tz);
  // A DST change can fold a short block to nothing: say so rather than store an empty one.
  if (endsAt <= startsAt)
    throw AppError.validation('The blocked time is empty.', { end_time: 'end_time must be after start_time' });
  const created = await deps.db.transaction(async (tx) => {
    const block = await insertScheduleBlock(tx, {
      practiceId: practice.id,
      provNum: body.pms_prov_num ?? null,
      opNum: body.pms_op_num ?? null,
      clinicNum: body.pms_clinic_num ?? null,
      startsAt: new Date(startsAt),
      endsAt: new Date(endsAt),
      label: body.label,
      createdBy: who.accountId,
      createdAt: deps.clock.now(),
    });
    const overlapping = await countBookingsInBlock(tx, practice.id, block);
    await recordBlockEvent(tx, deps, { practiceId: practice.id, email: who.email }, 'schedule.block_added', block);
    await alsoInTransaction(tx, block);
    return { id: block.id, overlapping_bookings: overlapping };
  });
  return created;
}

/** Gives blocked time back to the schedule; another practice's block is not found, as a missing one. */
export async function unblockTime(
  deps: ScheduleBlocksDeps,
  who: { practiceId: string; email: string },
  id: string,
  alsoInTransaction: InTransaction,
): Promise<{ id: string }> {
  pathId(id, blockNotFound);
  await deps.db.transaction(async (tx) => {
    const removed = await deleteScheduleBlock(tx, who.practiceId, id);
    if (!removed) throw blockNotFound();
    await recordBlockEvent(tx, deps, who, 'schedule.block_removed', removed);
    await alsoInTransaction(tx, removed);
  });
  return { id };
}
