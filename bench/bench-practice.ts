import { buildBenchSlotQuery } from '#domain/availability/slot-engine.bench-data.ts';
import { parsePracticeConfigFile } from '#domain/practice/practice-config-schema.ts';
import type { Database } from '#server/db/database.ts';
import { importPracticeConfig } from '#server/features/practices/practice-import.ts';

/**
 * The bench practice (ADR 0022), in the database: the slot engine's bench input (10 providers,
 * 2 operatories each, 15-minute grid, 30-minute reason, 600 appointments) imported as a practice.
 */
export async function seedBenchPractice(
  db: Database,
  formUrl = 'bench-practice',
): Promise<{ practiceId: string; reasonId: string; now: Date; startDate: string; endDate: string }> {
  const query = buildBenchSlotQuery();
  const provNums = [...new Set(query.schedules.map((s) => s.provNum))];
  const parsed = parsePracticeConfigFile({
    practices: [
      {
        form_url: formUrl,
        name: 'Bench Practice',
        server_tz: query.timeZone,
        slot_interval_minutes: query.intervalMinutes,
        min_hours_before_booking: query.minLeadHours,
        // The reschedule bench moves bookings of the first days too: no cutoff to refuse them.
        reschedule_cutoff_hours: 0,
        form_customization: { brand_color: '#334155', button_color_1: '#0f766e', button_color_2: '#0f766e' },
        providers: provNums.map((n) => ({ pms_prov_num: n, provider_display_name: `Dr. ${n}` })),
        operatories: query.schedules.map((s) => ({ pms_op_num: s.opNum, name: `Chair ${s.opNum}` })),
        reasons: [{ name: 'Check-up', final_duration: query.durationMinutes }],
        schedules: query.schedules.map((s) => ({
          pms_prov_num: s.provNum,
          pms_op_num: s.opNum,
          weekdays: [...s.weekdays],
          start: s.start,
          end: s.end,
          breaks: s.breaks.map((b) => ({ ...b })),
        })),
      },
    ],
  });
  if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
  await importPracticeConfig(db, parsed.value);
  const [practice] = await db.query<{ id: string }>('select id from practices where form_url = $1', [formUrl]);
  const [reason] = await db.query<{ id: string }>('select id from reasons_for_visit where practice_id = $1', [
    practice!.id,
  ]);
  for (const busy of query.busy) {
    await db.query(
      'insert into appointments (practice_id, pms_prov_num, pms_op_num, starts_at, ends_at, status) ' +
        "values ($1, $2, $3, $4, $5, 'booked')",
      [practice!.id, busy.provNum, busy.opNum, new Date(busy.start).toISOString(), new Date(busy.end).toISOString()],
    );
  }
  return {
    practiceId: practice!.id,
    reasonId: reason!.id,
    now: new Date(query.now),
    startDate: query.startDate,
    endDate: query.endDate,
  };
}
