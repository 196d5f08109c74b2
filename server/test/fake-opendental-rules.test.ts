import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { odAppointment, odOperatory, startFakeOpenDental, type FakeOpenDental } from './fake-opendental-server.ts';
import { politenessOf } from './fake-opendental-throttle.ts';

let fake: FakeOpenDental;
beforeAll(async () => {
  fake = await startFakeOpenDental({ minIntervalMs: 200 });
});
afterAll(() => fake?.close());
beforeEach(async () => {
  // Each test starts after the last one's spacing has passed.
  await new Promise((resolve) => setTimeout(resolve, 250));
  fake.requests.length = 0;
  fake.breaches.length = 0;
  fake.office('office-1').operatories = [odOperatory(1, 'Chair 1')];
});

const get = (path: string) =>
  fetch(`${fake.baseUrl}${path}`, {
    headers: { authorization: `ODFHIR ${fake.developerKey}/office-1`, 'content-type': 'application/json' },
  });

describe("the stand-in's Open Dental throttle", () => {
  it('answers a second request while the first runs with 429 and Retry-After, and counts the breach', async () => {
    fake.hang(150, { path: '/operatories' });
    const [first, second] = await Promise.all([
      get('/operatories'),
      new Promise<Response>((resolve) => setTimeout(() => resolve(get('/providers')), 30)),
    ]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toBe('1');
    expect(fake.breaches).toMatchObject([{ key: 'office-1', reason: 'concurrent' }]);
  });

  it('refuses a start sooner than the interval after the last one', async () => {
    expect((await get('/operatories')).status).toBe(200);
    expect((await get('/operatories')).status).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 210));
    expect((await get('/operatories')).status).toBe(200);
    expect(fake.breaches.map((b) => b.reason)).toEqual(['too-soon']);
    expect(politenessOf(fake.requests, 'office-1')).toMatchObject({ count: 3, overlaps: 0 });
  });

  it("lists only appointments changed since DateTStamp, each with the server's time", async () => {
    const office = fake.office('office-1');
    office.appointments = [
      odAppointment({ AptNum: 1, AptDateTime: '2026-03-03 09:00:00', Pattern: 'XX', Op: 1, ProvNum: 1 }),
      { ...odAppointment({ AptNum: 2, AptDateTime: '2026-03-03 10:00:00', Pattern: 'XX', Op: 1, ProvNum: 1 }) },
    ];
    office.appointments[1]!.DateTStamp = fake.stamp();
    const since = encodeURIComponent('2026-02-01 00:00:00');
    const rows = (await (await get(`/appointments?DateTStamp=${since}`)).json()) as Record<string, unknown>[];
    expect(rows.map((r) => r.AptNum)).toEqual([2]);
    expect(rows[0]!.serverDateTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });
});
