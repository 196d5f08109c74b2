import { describe, expect, it } from 'vitest';
import { fixedClock, withTestApp } from '../test/test-app.ts';
import { bookingBody } from '../test/booking-factory.ts';
import { postBooking } from '../test/booking-requests.ts';
import { importPractices, practiceConfig, reasonId } from '../test/practice-factory.ts';

/**
 * ADR 0085: the server's render of a manage page looks its link up as `GET appointment/manage/{token}` does, so
 * it is counted under that route's per-IP limit (60 a minute, here 3 with the multiplier): page loads cannot
 * probe links beyond what the API allows.
 */
const ctx = withTestApp({
  clock: fixedClock('2026-03-02T12:00:00Z'),
  config: { rateLimitMultiplier: 0.05 },
  seed: async (db) => {
    await importPractices(db, practiceConfig());
  },
});

async function manageToken(): Promise<string> {
  const [practice] = await ctx.db.query<{ id: string }>(`select id from practices where form_url = 'test-practice'`);
  const body = bookingBody({ practice_id: practice!.id, rfv_id: await reasonId(ctx.db, practice!.id, 'Exam') });
  const response = await postBooking(ctx.app, body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return (response.body.result as { manage_path: string }).manage_path.split('/').at(-1)!;
}

const hasBooking = (html: string) => html.includes('"manage":{');

describe('a manage page rendered on the server', () => {
  it("counts its lookup under the API's manage limit, and past it leaves the page to the browser", async () => {
    const token = await manageToken();
    const page = () => ctx.app.inject({ method: 'GET', url: `/test-practice/appointment/${token}` });
    const view = () => ctx.app.inject({ method: 'GET', url: `/api/v1/appointment/manage/${token}` });

    const pages = [await page(), await page(), await page()];
    expect(pages.map((response) => [response.statusCode, hasBooking(response.body)])).toEqual([
      [200, true],
      [200, true],
      [200, true],
    ]);
    // The limit of 3 is used up by the pages: the API's own lookup is refused.
    const refused = await view();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    // And a page past the limit carries no booking: the browser renders it, and its lookup gets the 429.
    const past = await page();
    expect(past.statusCode).toBe(200);
    expect(past.headers['cache-control']).toBe('no-store');
    expect(hasBooking(past.body)).toBe(false);
    expect(past.body).toContain('<div id="root"></div>');
  });
});
