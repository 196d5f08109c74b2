import { describe, expect, it, vi } from 'vitest';
import { providerSchedule } from '../../test/fake-opendental-server.ts';
import {
  openDentalConfig,
  openDentalPractice,
  oneChairOffice,
  syncMirror,
  withFakeOpenDental,
} from '../../test/opendental-test-kit.ts';
import { importPractices, practiceConfig } from '../../test/practice-factory.ts';
import { addStaff, signIn } from '../../test/staff-factory.ts';
import { fixedClock, withTestApp } from '../../test/test-app.ts';

/** The Open Dental mirror's status for the console and for monitors (ADR 0071). */
const ADMIN_KEY = 'admin-key-for-opendental-status';
const clock = fixedClock('2026-03-02T12:00:00Z');
let ids: Record<string, string>;

const fake = withFakeOpenDental((started) =>
  oneChairOffice(started, 'office-status', [providerSchedule('2026-03-03', 1, '08:00', '12:00', [1])]),
);
const ctx = withTestApp(() => ({
  clock,
  config: { ...openDentalConfig(fake), adminApiKey: ADMIN_KEY },
  seed: async (db) => {
    ids = await importPractices(
      db,
      openDentalPractice('od-status', 'office-status'),
      practiceConfig({ form_url: 'builtin-status' }),
    );
  },
}));

const deskOf = async (formUrl: string) =>
  signIn(ctx.app, await addStaff(ctx.db, { practiceIds: [ids[formUrl]!], role: 'front_desk' }));

const health = (headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: '/api/v1/health', headers }).then((r) => r.json().result);

describe('the Open Dental mirror status', () => {
  it('tells the front desk when the mirror was refreshed, how far behind it is and the last error', async () => {
    const desk = await deskOf('od-status');
    const before = await desk.get('/api/v1/staff/opendental/status');
    expect(before.statusCode).toBe(200);
    expect(before.json().result).toEqual({ last_refreshed_at: null, lag_seconds: null, last_error: null });
    await syncMirror(ctx, ids['od-status']!);
    clock.advance(90_000);
    fake.fail('econnector');
    await syncMirror(ctx, ids['od-status']!);
    expect((await desk.get('/api/v1/staff/opendental/status')).json().result).toEqual({
      last_refreshed_at: '2026-03-02T12:00:00.000Z',
      lag_seconds: 90,
      last_error: expect.stringMatching(/eConnector is not running/),
    });
  });

  it('answers 404 for a practice that is not on Open Dental', async () => {
    const desk = await deskOf('builtin-status');
    const answer = await desk.get('/api/v1/staff/opendental/status');
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('counts stale mirrors in the health check; lists practices only for the admin, never a key', async () => {
    clock.advance(20 * 60_000);
    expect(await health()).toMatchObject({ opendental: { stale_mirrors: 1 } });
    expect((await health()).opendental).not.toHaveProperty('practices');
    const forAdmin = await health({ authorization: `Bearer ${ADMIN_KEY}` });
    expect(forAdmin.opendental.practices).toEqual([
      { form_url: 'od-status', last_refreshed_at: '2026-03-02T12:00:00.000Z', lag_seconds: 21 * 60 + 30 },
    ]);
    expect(JSON.stringify(forAdmin)).not.toContain('office-status');
  });
});

describe('POST /api/v1/staff/opendental/refresh (ADR 0084)', () => {
  const staffOf = async (formUrl: string, role: 'owner' | 'front_desk') =>
    signIn(ctx.app, await addStaff(ctx.db, { practiceIds: [ids[formUrl]!], role }));

  it("queues a pass of the practice's mirror for an owner and answers at once with 202", async () => {
    const owner = await staffOf('od-status', 'owner');
    clock.advance(60_000);
    const before = fake.requests.length;
    const answer = await owner.post('/api/v1/staff/opendental/refresh', {});
    expect(answer.statusCode, answer.body).toBe(202);
    expect(answer.json().result).toEqual({ queued_at: clock.now().toISOString() });
    await vi.waitFor(async () => {
      const status = (await owner.get('/api/v1/staff/opendental/status')).json().result;
      expect(status.last_refreshed_at).toBe(clock.now().toISOString());
    });
    expect(fake.requests.slice(before).map((r) => r.path)).toContain('/schedules');
  });

  it('is for owners (a front desk gets 403) and answers 404 for a practice not on Open Dental', async () => {
    expect(
      (await (await staffOf('od-status', 'front_desk')).post('/api/v1/staff/opendental/refresh', {})).statusCode,
    ).toBe(403);
    const builtin = await (await staffOf('builtin-status', 'owner')).post('/api/v1/staff/opendental/refresh', {});
    expect(builtin.statusCode).toBe(404);
    expect(builtin.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});
