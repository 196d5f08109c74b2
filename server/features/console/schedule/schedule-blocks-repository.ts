import type { Queryable } from '../../../db/database.ts';
import { holdsSlotSql } from '../../../db/booking-status-sql.ts';

/** One row of schedule_blocks (migration 0018): time staff took out of the built-in schedule. */
export interface ScheduleBlockRow {
  id: string;
  starts_at: Date;
  ends_at: Date;
  /** A provider, a chair, or (both null) every schedule of the clinic or practice. */
  pms_prov_num: number | null;
  pms_op_num: number | null;
  pms_clinic_num: number | null;
  label: string | null;
}

export interface NewScheduleBlock {
  practiceId: string;
  provNum: number | null;
  opNum: number | null;
  clinicNum: number | null;
  startsAt: Date;
  endsAt: Date;
  label: string | null;
  createdBy: string;
  createdAt: Date;
}

const COLUMNS = 'id, starts_at, ends_at, pms_prov_num, pms_op_num, pms_clinic_num, label';

export async function insertScheduleBlock(tx: Queryable, block: NewScheduleBlock): Promise<ScheduleBlockRow> {
  const [row] = await tx.query<ScheduleBlockRow>(
    `insert into schedule_blocks (practice_id, pms_prov_num, pms_op_num, pms_clinic_num, starts_at, ends_at, label,
      created_by, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     returning ${COLUMNS}`,
    [
      block.practiceId,
      block.provNum,
      block.opNum,
      block.clinicNum,
      block.startsAt.toISOString(),
      block.endsAt.toISOString(),
      block.label,
      block.createdBy,
      block.createdAt.toISOString(),
    ],
  );
  return row!;
}

/** Removes one block of the practice; null when there is none (or it is another practice's). */
export async function deleteScheduleBlock(
  tx: Queryable,
  practiceId: string,
  id: string,
): Promise<ScheduleBlockRow | null> {
  const [row] = await tx.query<ScheduleBlockRow>(
    `delete from schedule_blocks where practice_id = $1 and id = $2 returning ${COLUMNS}`,
    [practiceId, id],
  );
  return row ?? null;
}

/**
 * A practice's blocks overlapping [fromIso, toIso), oldest first, for the schedule view: each maps
 * to a ScheduleBlock of kind 'blocked' (domain/staff/staff-appointment-schemas.ts) with its id, so
 * staff can remove it.
 */
export async function listScheduleBlocks(
  db: Queryable,
  practiceId: string,
  fromIso: string,
  toIso: string,
): Promise<ScheduleBlockRow[]> {
  return db.query<ScheduleBlockRow>(
    `select ${COLUMNS} from schedule_blocks
      where practice_id = $1 and starts_at < $3 and ends_at > $2
      order by starts_at, id`,
    [practiceId, fromIso, toIso],
  );
}

/**
 * Active bookings (appointments and payment holds) inside a block's time and reach: the provider's,
 * the chair's, or every one of the clinic or practice. They stay booked; staff are told how many.
 */
export async function countBookingsInBlock(
  db: Queryable,
  practiceId: string,
  block: Pick<ScheduleBlockRow, 'starts_at' | 'ends_at' | 'pms_prov_num' | 'pms_op_num' | 'pms_clinic_num'>,
): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from appointments a
      where a.practice_id = $1 and ${holdsSlotSql('a.status')} and a.starts_at < $3 and a.ends_at > $2
        and ($4::int is null or a.pms_prov_num = $4)
        and ($5::int is null or a.pms_op_num = $5)
        and ($6::int is null or a.pms_clinic_num = $6 or a.pms_op_num in (
              select o.pms_op_num from operatories o where o.practice_id = $1 and o.pms_clinic_num = $6))`,
    [
      practiceId,
      block.starts_at.toISOString(),
      block.ends_at.toISOString(),
      block.pms_prov_num,
      block.pms_op_num,
      block.pms_clinic_num,
    ],
  );
  return row?.n ?? 0;
}

/** Whether the practice has this provider, chair or clinic (any of them active or not: a block may name either). */
export async function practiceHas(
  db: Queryable,
  practiceId: string,
  what: { table: 'providers' | 'operatories' | 'clinics'; num: number },
): Promise<boolean> {
  const column = { providers: 'pms_prov_num', operatories: 'pms_op_num', clinics: 'pms_clinic_num' }[what.table];
  const rows = await db.query(`select 1 from ${what.table} where practice_id = $1 and ${column} = $2 limit 1`, [
    practiceId,
    what.num,
  ]);
  return rows.length > 0;
}
