import { describe, expect, it } from 'vitest';
import { AuditPageSchema } from '#domain/staff/staff-accounts-schemas.ts';
import { auditActions, ownedPractice } from '../../../test/staff-factory.ts';
import { fixedClock, withTestApp } from '../../../test/test-app.ts';
import { insertAudit } from './staff-audit-repository.ts';

// The owner reads and exports the practice's audit trail (ADR 0038); reading it is recorded too.
const clock = fixedClock('2026-03-02T12:00:00Z');

const ctx = withTestApp({ clock });

const row = (
  practiceId: string,
  at: string,
  entry: { action: string; targetId?: string },
  email = 'someone@example.test',
) =>
  insertAudit(
    ctx.db,
    { accountId: null, email, practiceId, ip: '203.0.113.9' },
    { action: entry.action, targetType: 'appointment', targetId: entry.targetId ?? null },
    new Date(at),
  );

describe('the audit trail', () => {
  it("lists the practice's rows of the practice's days, newest first, and records the reading", async () => {
    const { practiceId, console: owner } = await ownedPractice(ctx.db, ctx.app);
    const { practiceId: otherId } = await ownedPractice(ctx.db, ctx.app);
    // New York: 03:00Z on March 2 is still March 1 there; 05:00Z is March 2.
    await row(practiceId, '2026-03-01T05:00:00Z', { action: 'appointment.view', targetId: 'first' });
    await row(practiceId, '2026-03-02T03:00:00Z', { action: 'appointment.view', targetId: 'late-evening' });
    await row(practiceId, '2026-03-02T05:00:00Z', { action: 'appointment.view', targetId: 'next-day' });
    await row(otherId, '2026-03-01T15:00:00Z', { action: 'appointment.view', targetId: 'theirs' });

    const response = await owner.get('/api/v1/staff/audit?from=2026-03-01&to=2026-03-01');
    expect(response.statusCode).toBe(200);
    const page = AuditPageSchema.parse(response.json().result);
    expect(page.entries.map((entry) => entry.target_id)).toEqual(['late-evening', 'first']);
    expect(page.entries[0]).toMatchObject({
      at: '2026-03-02T03:00:00.000Z',
      account_email: 'someone@example.test',
      ip: '203.0.113.9',
      action: 'appointment.view',
      target_type: 'appointment',
      details: {},
    });
    expect(page.next_before).toBeNull();

    const [viewed] = await ctx.db.query<{ details: unknown }>(
      `select details from staff_audit where practice_id = $1 and action = 'audit.view'`,
      [practiceId],
    );
    expect(viewed!.details).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(await auditActions(ctx.db, otherId)).not.toContain('audit.view');
  });

  it('pages by 100 with next_before until the last page', async () => {
    const { practiceId, console: owner } = await ownedPractice(ctx.db, ctx.app);
    for (let i = 0; i < 130; i++)
      await row(practiceId, `2026-02-20T15:${String(i % 60).padStart(2, '0')}:00Z`, {
        action: 'appointment.view',
        targetId: `n${i}`,
      });
    const first = AuditPageSchema.parse(
      (await owner.get('/api/v1/staff/audit?from=2026-02-20&to=2026-02-20')).json().result,
    );
    expect(first.entries).toHaveLength(100);
    expect(first.entries[0]!.target_id).toBe('n129');
    expect(first.next_before).toBe(first.entries[99]!.id);
    const second = AuditPageSchema.parse(
      (await owner.get(`/api/v1/staff/audit?from=2026-02-20&to=2026-02-20&before=${first.next_before}`)).json().result,
    );
    expect(second.entries.map((entry) => entry.target_id)).toEqual(Array.from({ length: 30 }, (_, i) => `n${29 - i}`));
    expect(second.next_before).toBeNull();
  });

  it('exports a range as a CSV attachment, formula cells escaped, and records the export', async () => {
    const { practiceId, console: owner } = await ownedPractice(ctx.db, ctx.app);
    const { practiceId: otherId } = await ownedPractice(ctx.db, ctx.app);
    await row(practiceId, '2026-02-25T15:00:00Z', { action: 'appointment.view', targetId: 'plain' });
    await row(practiceId, '2026-02-25T16:00:00Z', {
      action: 'appointment.search',
      targetId: '=HYPERLINK("http://evil.example","x")',
    });
    await row(otherId, '2026-02-25T16:00:00Z', { action: 'appointment.view', targetId: 'theirs' });

    const response = await owner.get('/api/v1/staff/audit/export.csv?from=2026-02-25&to=2026-02-25');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-own-practice-\d+-2026-02-25-to-2026-02-25\.csv"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body.split('\r\n')).toEqual([
      'at,account_email,ip,action,target_type,target_id,details',
      '2026-02-25T15:00:00.000Z,someone@example.test,203.0.113.9,appointment.view,appointment,plain,{}',
      `2026-02-25T16:00:00.000Z,someone@example.test,203.0.113.9,appointment.search,appointment,` +
        `"'=HYPERLINK(""http://evil.example"",""x"")",{}`,
      '',
    ]);
    const [exported] = await ctx.db.query<{ details: unknown }>(
      `select details from staff_audit where practice_id = $1 and action = 'audit.export'`,
      [practiceId],
    );
    expect(exported!.details).toEqual({ from: '2026-02-25', to: '2026-02-25', rows: 2 });
  });

  it('refuses a bad range with 400', async () => {
    const { console: owner } = await ownedPractice(ctx.db, ctx.app);
    for (const query of [
      '',
      '?from=2026-03-01',
      '?from=2026-03-02&to=2026-03-01',
      '?from=2025-01-01&to=2026-03-01',
      '?from=2026-03-01&to=2026-03-01&before=abc',
      '?from=2026-02-30&to=2026-03-01',
    ]) {
      expect((await owner.get(`/api/v1/staff/audit${query}`)).statusCode, query).toBe(400);
      expect((await owner.get(`/api/v1/staff/audit/export.csv${query}`)).statusCode, query).toBe(400);
    }
  });

  it('has no route that changes or removes a row', async () => {
    const { console: owner } = await ownedPractice(ctx.db, ctx.app);
    for (const method of ['DELETE', 'PUT', 'PATCH', 'POST'] as const) {
      expect((await owner.request({ method, url: '/api/v1/staff/audit' })).statusCode, method).toBe(404);
      expect((await owner.request({ method, url: '/api/v1/staff/audit/1' })).statusCode, method).toBe(404);
    }
  });
});
