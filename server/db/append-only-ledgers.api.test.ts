import { describe, expect, it } from 'vitest';
import { importPractices, practiceConfig } from '../test/practice-factory.ts';
import { withTestDatabase } from '../test/test-app.ts';

// The staff audit trail and the consent ledger are evidence: the database refuses to change or
// remove their rows, one by one or all at once with TRUNCATE (ADR 0038, ADR 0043).
let practiceId: string;

const ctx = withTestDatabase(async (db) => {
  practiceId = (await importPractices(db, practiceConfig()))['test-practice']!;
});

async function auditRow(email: string): Promise<void> {
  await ctx.db.query(`insert into staff_audit (at, account_email, action) values ($1, $2, 'session.sign_in')`, [
    '2026-03-02T12:00:00Z',
    email,
  ]);
}

async function appointment(start: string): Promise<string> {
  const [row] = await ctx.db.query<{ id: string }>(
    `insert into appointments (practice_id, pms_prov_num, pms_op_num, starts_at, ends_at, status)
     values ($1, 1, 1, $2, $2::timestamptz + interval '30 minutes', 'booked') returning id`,
    [practiceId, start],
  );
  return row!.id;
}

async function consentRow(recipient: string, appointmentId: string | null): Promise<void> {
  await ctx.db.query(
    `insert into contact_consents (practice_id, appointment_id, channel, recipient, granted, source, words, recorded_at)
     values ($1, $2, 'sms', $3, true, 'booking_form', 'Text me about my visit', '2026-03-02T12:00:00Z')`,
    [practiceId, appointmentId, recipient],
  );
}

const consents = (recipient: string) =>
  ctx.db.query<{ appointment_id: string | null; granted: boolean; words: string }>(
    `select appointment_id, granted, words from contact_consents where recipient = $1`,
    [recipient],
  );

describe('the staff audit trail', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, and keeps its rows', async () => {
    await auditRow('desk@example.com');
    await expect(ctx.db.query(`update staff_audit set action = 'x'`)).rejects.toThrow(/append-only/);
    await expect(ctx.db.query(`delete from staff_audit`)).rejects.toThrow(/append-only/);
    await expect(ctx.db.query(`truncate staff_audit`)).rejects.toThrow(/append-only/);
    const rows = await ctx.db.query(`select action from staff_audit where account_email = 'desk@example.com'`);
    expect(rows).toEqual([{ action: 'session.sign_in' }]);
  });
});

describe('the consent ledger', () => {
  it('takes new rows but refuses UPDATE, DELETE and TRUNCATE', async () => {
    await consentRow('+15550100001', null);
    await consentRow('+15550100001', null);
    await expect(
      ctx.db.query(`update contact_consents set granted = false where recipient = '+15550100001'`),
    ).rejects.toThrow(/append-only/);
    await expect(ctx.db.query(`delete from contact_consents where recipient = '+15550100001'`)).rejects.toThrow(
      /append-only/,
    );
    await expect(ctx.db.query(`truncate contact_consents`)).rejects.toThrow(/append-only/);
    await expect(ctx.db.query(`truncate practices cascade`)).rejects.toThrow(/append-only/);
    expect(await consents('+15550100001')).toHaveLength(2);
    expect((await consents('+15550100001')).every((row) => row.granted)).toBe(true);
  });

  it('refuses to unlink a row from its booking by hand', async () => {
    const appointmentId = await appointment('2026-03-03T14:00:00Z');
    await consentRow('+15550100002', appointmentId);
    await expect(
      ctx.db.query(`update contact_consents set appointment_id = null where recipient = '+15550100002'`),
    ).rejects.toThrow(/append-only/);
    expect(await consents('+15550100002')).toEqual([
      { appointment_id: appointmentId, granted: true, words: 'Text me about my visit' },
    ]);
  });

  it('keeps the row when its booking is deleted: the foreign key only clears the link', async () => {
    const appointmentId = await appointment('2026-03-03T15:00:00Z');
    await consentRow('+15550100003', appointmentId);
    await ctx.db.query(`delete from appointments where id = $1`, [appointmentId]);
    expect(await consents('+15550100003')).toEqual([
      { appointment_id: null, granted: true, words: 'Text me about my visit' },
    ]);
  });

  it('refuses to delete a practice that has consent rows (the cascade would erase them)', async () => {
    await expect(ctx.db.query(`delete from practices where id = $1`, [practiceId])).rejects.toThrow(/append-only/);
    expect(await consents('+15550100001')).toHaveLength(2);
  });
});
