import { firstRow, type Queryable } from '../../db/database.ts';

/** The period and filters of a funnel question (ADR 0080): the practice's days `fromDay`..`toDay`, both included. */
export interface FunnelFilter {
  practiceId: string;
  fromDay: string;
  toDay: string;
  source?: string;
  campaign?: string;
}

// $1 practice, $2 first day, $3 last day, $4 source or null (any), $5 campaign or null (any); '' stands for none.
const PERIOD = `practice_id = $1 and day between $2 and $3
  and ($4::text is null or source = $4) and ($5::text is null or campaign = $5)`;
const paramsOf = (filter: FunnelFilter) => [
  filter.practiceId,
  filter.fromDay,
  filter.toDay,
  filter.source ?? null,
  filter.campaign ?? null,
];

/** The daily totals summed per step ('visits' included) over the period. */
export function stepTotals(db: Queryable, filter: FunnelFilter) {
  return db.query<{ step: string; reached: number; left: number }>(
    `select step, sum(reached)::int as reached, sum("left")::int as "left"
       from funnel_daily where ${PERIOD} group by step`,
    paramsOf(filter),
  );
}

/** Visits and booked visits per source and campaign ('' for none), most visits first. */
export function sourceTotals(db: Queryable, filter: FunnelFilter) {
  return db.query<{ source: string; campaign: string; visits: number; booked: number }>(
    `select source, campaign,
            coalesce(sum(reached) filter (where step = 'visits'), 0)::int as visits,
            coalesce(sum(reached) filter (where step = 'booked'), 0)::int as booked
       from funnel_daily where ${PERIOD}
      group by source, campaign order by visits desc, source, campaign`,
    paramsOf(filter),
  );
}

/** The median of booked visits' seconds from their first event to the booking; null when none booked. */
export async function medianSecondsToBook(db: Queryable, filter: FunnelFilter): Promise<number | null> {
  const row = await firstRow<{ median: number | null }>(
    db,
    `select percentile_cont(0.5) within group (order by booked_seconds)::float8 as median
       from funnel_visits where ${PERIOD} and booked_seconds is not null`,
    paramsOf(filter),
  );
  return row?.median ?? null;
}

export interface BookingsPeriod {
  practiceId: string;
  from: Date;
  to: Date;
  timeZone: string;
}

// Bookings made in the period, without unpaid holds (pending or lapsed): they never became bookings.
const MADE = `a.practice_id = $1 and a.created_at >= $2 and a.created_at < $3
  and a.status not in ('pending_payment', 'expired')`;

/**
 * Bookings made in the period counted per `label` (an SQL expression over `a`, joined as `join` says). $4 is the
 * zone, read by the weekday only; `$4::text is not null` types it for the others, which PostgreSQL requires.
 */
function countBookings<Label extends string, Value>(
  db: Queryable,
  period: BookingsPeriod,
  grouped: { label: Label; expression: string; join?: string; where?: string; order: string },
) {
  return db.query<Record<Label, Value> & { count: number }>(
    `select ${grouped.expression} as ${grouped.label}, count(*)::int as count
       from appointments a ${grouped.join ?? ''}
      where ${MADE} and ($4::text is not null) ${grouped.where ?? ''} group by 1 order by ${grouped.order}`,
    [period.practiceId, period.from, period.to, period.timeZone],
  );
}

export function bookingsByReason(db: Queryable, period: BookingsPeriod) {
  return countBookings<'reason', string>(db, period, {
    label: 'reason',
    expression: `coalesce(r.name, '(no reason)')`,
    join: 'left join reasons_for_visit r on r.id = a.reason_id',
    order: 'count desc, reason',
  });
}

export function bookingsByProvider(db: Queryable, period: BookingsPeriod) {
  return countBookings<'provider', string>(db, period, {
    label: 'provider',
    expression: `coalesce(p.provider_display_name,
                          nullif(trim(concat(p.provider_first_name, ' ', p.provider_last_name)), ''),
                          'Provider ' || a.pms_prov_num, '(no provider)')`,
    join: 'left join providers p on p.practice_id = a.practice_id and p.pms_prov_num = a.pms_prov_num',
    order: 'count desc, provider',
  });
}

/** ISO weekdays (1 Monday) of the visits' dates in the practice's zone; requests without a time are not counted. */
export function bookingsByWeekday(db: Queryable, period: BookingsPeriod) {
  return countBookings<'weekday', number>(db, period, {
    label: 'weekday',
    expression: 'extract(isodow from a.starts_at at time zone $4)::int',
    where: 'and a.starts_at is not null',
    order: 'weekday',
  });
}
