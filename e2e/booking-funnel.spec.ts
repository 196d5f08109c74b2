import type { APIRequestContext, Page, Request } from '@playwright/test';
import { batchesOf, stepsOf, type ScriptedVisit } from '../server/test/funnel-visits.ts';
import { practiceId } from './booking-api.ts';
import { expectStep, HEADINGS } from './booking-steps.ts';
import { bookThrough } from './booking-walk.ts';
import { SIGNED_OUT_CONSOLE_ERRORS, signInToConsole } from './console-steps.ts';
import { expect, test } from './fixtures.ts';

/**
 * The booking funnel end to end (ADR 0080): real walks through the booking page and batches posted as the page would
 * post them; the console's funnel counts exactly those (each test's own source keeps other specs' visits out).
 */
test.use(SIGNED_OUT_CONSOLE_ERRORS);

const beaconsOf = (page: Page): Request[] => {
  const beacons: Request[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v1/events')) beacons.push(request);
  });
  return beacons;
};

/** The server's days around its now (the practice's day is one of them, whatever its zone). */
async function daysAround(request: APIRequestContext): Promise<{ from: string; to: string }> {
  const now = Date.parse(((await (await request.get('/_dev/clock')).json()) as { result: { now: string } }).result.now);
  const day = (offset: number) => new Date(now + offset * 86_400_000).toISOString().slice(0, 10);
  return { from: day(-1), to: day(1) };
}

test('scripted visits and real walks make the funnel the console shows, with nothing personal sent', async ({
  page,
  request,
}) => {
  const source = `e2e-${crypto.randomUUID().slice(0, 8)}`;
  const beacons = beaconsOf(page);
  // The test reads what the page hands to sendBeacon (the request's Blob body is not shown to it).
  await page.addInitScript(() => {
    const sent: string[] = [];
    (window as unknown as { beaconBodies: string[] }).beaconBodies = sent;
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      if (data instanceof Blob) void data.text().then((text) => sent.push(text));
      return send(url, data);
    };
  });

  // A patient who books (6 screens of bright-smile, provider chosen) and one who leaves on page 1.
  await bookThrough(page, {
    path: `/bright-smile?utm_source=${source}&utm_campaign=walk`,
    patientType: 'New Patient',
    reason: 'New Patient Exam',
    provider: 'Dr. Ben Carter',
    slot: [6, 1],
    contact: { firstName: 'Fay', email: 'fay.funnel@example.com', phone: '5125550177', visitedBefore: 'No' },
    hasNoInsurance: true,
  });
  await expectStep(page, HEADINGS.booked, null);
  const bodies = await page.evaluate(() => (window as unknown as { beaconBodies: string[] }).beaconBodies);
  await page.goto('about:blank');
  // A new tab is a new visit: this one leaves on page 1.
  const bounce = await page.context().newPage();
  await bounce.goto(`/bright-smile?utm_source=${source}&utm_campaign=walk`);
  await expect(bounce.getByRole('heading', { level: 2, name: HEADINGS.patientType })).toBeVisible();
  // Its visit starts once the page's scripts run (a patient gone before that is not counted).
  await expect
    .poll(() => bounce.evaluate(() => Object.keys(sessionStorage).some((key) => key.startsWith('funnelVisit:'))))
    .toBe(true);
  await bounce.goto('about:blank');

  // One beacon per step change (the last step's goes as the page is left): five while the walk was open.
  expect(beacons).toHaveLength(5);
  expect(bodies).toHaveLength(5);
  for (const body of bodies) {
    expect(Object.keys(JSON.parse(body) as object).sort()).toEqual([
      'campaign',
      'device',
      'events',
      'practice_id',
      'source',
      'visit_id',
    ]);
    expect(body).not.toMatch(/Fay|funnel@example|5125550177|1988/);
  }

  // Eight scripted visits as the page would send them: 3 leave on page 1, 2 at the slots, 3 book.
  const practice = await practiceId(request, 'bright-smile');
  const scripted: ScriptedVisit[] = [
    ...Array.from({ length: 3 }, () => ({ screens: 1, source, campaign: 'api' })),
    ...Array.from({ length: 2 }, () => ({ screens: 4, source, campaign: 'api' })),
    ...Array.from({ length: 3 }, () => ({ screens: 7, source, campaign: 'api' })),
  ];
  for (const [i, visit] of scripted.entries())
    for (const batch of batchesOf(practice, visit, Date.now() - 60_000 + i))
      expect((await request.post('/api/v1/events', { data: batch })).status()).toBe(204);

  await signInToConsole(page, new Date().toISOString().slice(0, 10));
  const days = await daysAround(request);
  const url = `/api/v1/staff/insights/funnel?from=${days.from}&to=${days.to}&source=${source}`;
  const funnelNow = async () =>
    ((await (await page.request.get(url)).json()) as { result: Record<string, unknown> }).result;
  // Beacons are delivered in the background: wait for the last one.
  await expect.poll(async () => (await funnelNow()).visits).toBe(10);
  const funnel = await funnelNow();
  expect(funnel).toMatchObject({
    visits: 10,
    booked: 4,
    conversion: 0.4,
    last_step_before_leaving: 'patient-type',
    by_source: [
      { source, campaign: 'api', visits: 8, booked: 3 },
      { source, campaign: 'walk', visits: 2, booked: 1 },
    ],
  });
  // Location, page 1, reason, provider, slot, contact, verify, booked: [reached, left].
  expect(funnel.steps).toEqual(
    stepsOf([
      [0, 0],
      [10, 4],
      [6, 0],
      [6, 0],
      [6, 2],
      [4, 0],
      [3, 0],
      [4, 0],
    ]),
  );

  // The owner's Insights page shows the practice's funnel of the last 30 days.
  await page.getByRole('link', { name: 'Insights' }).click();
  await expect(page.getByRole('heading', { name: 'Booking funnel' })).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Funnel chart' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Visits by source and campaign' })).toContainText(source);
});
