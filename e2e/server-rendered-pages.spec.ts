import type { APIRequestContext, Page } from '@playwright/test';
import { demoPractice } from './demo-practices.ts';
import { expect, test } from './fixtures.ts';
import {
  choosePatientType,
  chooseReason,
  chooseProvider,
  chooseSlot,
  expectStep,
  HEADINGS,
  HEADINGS_ES,
} from './booking-steps.ts';
import { createReviewRequest } from './review-requests.ts';
import { bookAWeekAhead, emailTo, manageLinkIn } from './manage-steps.ts';

/**
 * ADR 0072: the booking page's HTML already holds the practice's side panel and first step, in the
 * page's language; the browser hydrates it without a warning and without replacing it; and a
 * reload on a later step never paints the server's first step.
 */

const brightSmile = demoPractice('bright-smile');
const smileGroup = demoPractice('smile-group');
const firstClinic = smileGroup.clinics?.[0]?.pms_clinic_num ?? 0;

/** The text of the HTML's first h2, as a browser without scripts would show it. */
function stepHeadingIn(html: string): string | null {
  const inside = /<h2\b[^>]*>([^<]*)<\/h2>/.exec(html)?.[1];
  return inside === undefined ? null : inside.replaceAll('&#x27;', "'").replaceAll('&amp;', '&');
}

const rootOf = (html: string) =>
  /<div id="root">([\s\S]*?)<\/div>\s*<script type="application\/json"/.exec(html)?.[1] ?? '';
const headingOf = (html: string) => /<h1\b[^>]*>([^<]*)<\/h1>/.exec(html)?.[1] ?? null;

test.describe('the HTML, before any script runs', () => {
  const cases: { url: string; headers: Record<string, string>; name: string; heading: string }[] = [
    { url: '/bright-smile', headers: {}, name: brightSmile.name, heading: HEADINGS.patientType },
    { url: '/bright-smile?lang=es', headers: {}, name: brightSmile.name, heading: HEADINGS_ES.patientType },
    {
      url: '/bright-smile',
      headers: { 'accept-language': 'es-MX,es;q=0.9' },
      name: brightSmile.name,
      heading: HEADINGS_ES.patientType,
    },
    { url: '/bright-smile', headers: { cookie: 'lang=es' }, name: brightSmile.name, heading: HEADINGS_ES.patientType },
    { url: '/smile-group', headers: {}, name: smileGroup.name, heading: HEADINGS.clinic },
    { url: '/smile-group?lang=es', headers: {}, name: smileGroup.name, heading: HEADINGS_ES.clinic },
    {
      url: `/smile-group?clinic_num=${firstClinic}&utm_source=ad`,
      headers: {},
      name: smileGroup.name,
      heading: HEADINGS.patientType,
    },
  ];
  for (const { url, headers, name, heading } of cases) {
    test(`${url} ${JSON.stringify(headers)} holds the practice and "${heading}"`, async ({ request }) => {
      const response = await request.get(url, { headers });
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(rootOf(html)).toContain(name);
      expect(stepHeadingIn(rootOf(html))).toBe(heading);
    });
  }

  test('an unknown practice is still the 404 page', async ({ request }) => {
    const response = await request.get('/no-such-practice-here');
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain('<div id="root"></div>');
  });
});

/** Holds the entry script back until `release` is called, to look at the page before it runs. */
async function holdEntryScript(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Opens `path` with the entry script held back, waits for the server's `tag` heading, then lets the
 * script run: true when the heading on the screen afterwards is the very element the server sent
 * (hydrated, not rendered again).
 */
async function keepsServerHeading(page: Page, path: string, tag: 'h1' | 'h2'): Promise<boolean> {
  const release = await holdEntryScript(page);
  await page.goto(path, { waitUntil: 'commit' });
  await expect(page.locator(tag).first()).toBeVisible();
  await page.evaluate((selector) => {
    (window as unknown as { serverHeading: Element | null }).serverHeading = document.querySelector(selector);
  }, tag);
  release();
  await page.waitForLoadState('networkidle');
  return page.evaluate(
    (selector) => document.querySelector(selector) === (window as unknown as { serverHeading: Element }).serverHeading,
    tag,
  );
}

/** The console's warnings and errors of a page, from now on. */
function warningsOf(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  return warnings;
}

test.describe('hydration', () => {
  let warnings: string[] = [];
  test.beforeEach(({ page }) => {
    warnings = warningsOf(page);
  });

  for (const path of ['/bright-smile', '/smile-group?lang=es', `/smile-group?clinic_num=${firstClinic}`]) {
    test(`${path} shows its first step before the script and keeps the same elements after`, async ({ page }) => {
      expect(await keepsServerHeading(page, path, 'h2')).toBe(true);
      expect(warnings).toEqual([]);
    });
  }

  test('the hydrated page works: page 1 leads on to the reasons', async ({ page }) => {
    await page.goto('/bright-smile');
    await choosePatientType(page, 'New Patient');
    await expectStep(page, HEADINGS.reason);
    expect(warnings).toEqual([]);
  });
});

test.describe('what a patient does before the app has loaded is not lost', () => {
  test('a click on page 1 leads on to the reasons once the app is there', async ({ page }) => {
    const release = await holdEntryScript(page);
    await page.goto('/bright-smile', { waitUntil: 'commit' });
    await choosePatientType(page, 'New Patient');
    await expect(page.getByRole('heading', { level: 2, name: HEADINGS.patientType })).toBeVisible();
    release();
    await expectStep(page, HEADINGS.reason);
  });

  test('typing and a choice on the feedback page reach the app, and the feedback is sent', async ({
    page,
    request,
  }) => {
    const { request_id } = await createReviewRequest(request, 'Early');
    const release = await holdEntryScript(page);
    await page.goto(`/review/feedback?requestId=${request_id}`, { waitUntil: 'commit' });
    await page.getByLabel('Description').fill('Typed before the app.');
    release();
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Long wait time' }).click();
    const sent = page.waitForRequest((sending) => sending.url().endsWith('/api/v1/review/feedback'));
    await page.getByRole('button', { name: 'Submit' }).click();
    expect((await sent).postDataJSON()).toMatchObject({ feedback_description: 'Typed before the app.' });
    await expect(page.getByText('Thank you for your feedback. The practice will read it carefully.')).toBeVisible();
  });
});

test.describe('a review page', () => {
  const cases = [
    { query: '', heading: 'Thank you for choosing us, Rosa Server', button: 'Leave a Review on Google' },
    { query: '?lang=es', heading: 'Gracias por elegirnos, Rosa Server', button: 'Dejar una reseña en Google' },
  ];
  for (const { query, heading, button } of cases) {
    test(`/review/{token}${query}: its HTML holds the practice, the patient and the link, never kept`, async ({
      request,
    }) => {
      const { review_url } = await createReviewRequest(request, 'Server');
      const response = await request.get(`${new URL(review_url).pathname}${query}`);
      expect(response.headers()['cache-control']).toBe('no-store');
      const root = rootOf(await response.text());
      expect(root).toContain(brightSmile.name);
      expect(headingOf(root)).toBe(heading);
      expect(root).toContain(button);
    });
  }

  for (const { query, heading } of [
    { query: '', heading: 'Feedback Form' },
    { query: '&lang=es', heading: 'Formulario de comentarios' },
  ]) {
    test(`the feedback page${query}: its HTML holds the practice and the form`, async ({ request }) => {
      const { request_id } = await createReviewRequest(request, 'Server');
      const response = await request.get(`/review/feedback?requestId=${request_id}${query}`);
      const root = rootOf(await response.text());
      expect(root).toContain(brightSmile.name);
      expect(headingOf(root)).toBe(heading);
      expect(root).toContain('<textarea');
    });
  }

  test('the feedback page is hydrated without a warning', async ({ page, request }) => {
    const warnings = warningsOf(page);
    const { request_id } = await createReviewRequest(request, 'Server');
    expect(await keepsServerHeading(page, `/review/feedback?requestId=${request_id}`, 'h1')).toBe(true);
    await expect(page.getByRole('heading', { level: 1, name: 'Feedback Form' })).toBeVisible();
    expect(warnings).toEqual([]);
  });

  test('the review page is hydrated, not rendered again, without a warning', async ({ page, request }) => {
    const warnings = warningsOf(page);
    const { review_url } = await createReviewRequest(request, 'Server');
    expect(await keepsServerHeading(page, new URL(review_url).pathname, 'h1')).toBe(true);
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for choosing us, Rosa Server' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Let us know' })).toBeVisible();
    expect(warnings).toEqual([]);
  });
});

test('on a slow network the first step shows before the script has loaded', async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  // Chromium's throttling: a slow mobile network (400 ms round trips, 50 KB/s down).
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: 50 * 1024,
    uploadThroughput: 50 * 1024,
  });
  await page.goto('/bright-smile', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 2, name: HEADINGS.patientType })).toBeVisible();
  const isEntryLoaded = await page.evaluate(() =>
    performance.getEntriesByType('resource').some((entry) => /\/assets\/index-[\w-]+\.js$/.test(entry.name)),
  );
  expect(isEntryLoaded).toBe(false);
});

test('a reload on page 5 never paints the first step, not for one frame', async ({ page }) => {
  await page.goto('/bright-smile');
  await choosePatientType(page, 'New Patient');
  await chooseReason(page, 'New Patient Exam');
  await chooseProvider(page, 'Dr. Ana Ruiz');
  await chooseSlot(page, 2);
  await expectStep(page, HEADINGS.contact, 'Step 5');
  // Before every frame from the start of the next document: the step headings a patient could see.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { seenHeadings: string[] }).seenHeadings = seen;
    const look = () => {
      for (const h2 of document.querySelectorAll('h2')) {
        const box = h2.getBoundingClientRect();
        if (box.width > 0 && getComputedStyle(h2).visibility === 'visible') seen.push(h2.textContent ?? '');
      }
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  await page.reload();
  await expectStep(page, HEADINGS.contact, 'Step 5');
  const seen = await page.evaluate(() => (window as unknown as { seenHeadings: string[] }).seenHeadings);
  expect(seen).toContain(HEADINGS.contact);
  expect(seen).not.toContain(HEADINGS.patientType);
});

/** A booking of its own at bright-smile for the patient named `last`: the path of its manage link. */
async function manageLinkOf(request: APIRequestContext, last: string, slotIndex: number): Promise<string> {
  const email = `ssr.${last.toLowerCase()}.${Date.now().toString(36)}@example.com`;
  await bookAWeekAhead(request, email, slotIndex, '5125550166', { first: 'Rosa', last });
  return manageLinkIn(await emailTo(request, email, /^Your appointment at Bright Smile Dental/));
}

test.describe('a manage page, rendered per request and never kept', () => {
  // Slots of their own, far apart (neighbours overlap in time): other specs on the same server book the first ones.
  for (const { query, heading, slot } of [
    { query: '?lang=en', heading: 'Your appointment is booked', slot: 20 },
    { query: '?lang=es', heading: 'Su cita está reservada', slot: 32 },
  ]) {
    test(`its HTML${query} holds the practice, the state and this patient's booking only`, async ({ request }) => {
      const own = await manageLinkOf(request, `Own${query.slice(-2)}`, slot);
      const other = await manageLinkOf(request, `Other${query.slice(-2)}`, slot + 6);
      for (const [path, name, otherName] of [
        [own, 'Own', 'Other'],
        [other, 'Other', 'Own'],
      ] as const) {
        const response = await request.get(`${path}${query}`);
        expect(response.status()).toBe(200);
        expect(response.headers()['cache-control']).toBe('no-store');
        const root = rootOf(await response.text());
        expect(root).toContain(brightSmile.name);
        expect(headingOf(root)).toBe(heading);
        expect(root).toContain(`Rosa ${name}${query.slice(-2)}`);
        expect(root).not.toContain(`Rosa ${otherName}`);
      }
    });
  }

  test('an unknown link is still left to the browser, with the status of today', async ({ request }) => {
    const response = await request.get('/bright-smile/appointment/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('no-store');
    expect(await response.text()).toContain('<div id="root"></div>');
  });

  test('is hydrated, not rendered again, without a warning, and works', async ({ page, request }) => {
    const warnings = warningsOf(page);
    const path = await manageLinkOf(request, 'Hydrated', 44);
    expect(await keepsServerHeading(page, path, 'h1')).toBe(true);
    await expect(page.getByRole('heading', { level: 1, name: 'Your appointment is booked' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel appointment' }).click();
    await expect(page.getByRole('dialog', { name: 'Cancel this appointment?' })).toBeVisible();
    expect(warnings).toEqual([]);
  });
});

test.describe('the payment results, rendered per request', () => {
  const cases = [
    {
      path: '/bright-smile/payment-success?session_id=cs_ssr',
      heading: 'Payment status',
      state: 'Checking your payment',
    },
    { path: '/bright-smile/payment-success?lang=es', heading: 'Estado del pago', state: 'Verificando su pago' },
    {
      path: '/bright-smile/payment-failed?session_id=cs_ssr',
      heading: 'Payment Failed',
      state: 'Checking your payment',
    },
    {
      path: '/bright-smile/payment-failed?session_id={CHECKOUT_SESSION_ID}&lang=es',
      heading: 'Pago no completado',
      state: 'Verificando su pago',
    },
  ];
  for (const { path, heading, state } of cases) {
    test(`${path}: its HTML holds the practice and "${heading}", never kept`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      expect(response.headers()['cache-control']).toBe('no-store');
      const root = rootOf(await response.text());
      expect(root).toContain(brightSmile.name);
      expect(headingOf(root)).toBe(heading);
      expect(root).toContain(state);
    });
  }

  test('the success page is hydrated without a warning, then gives its answer', async ({ page }) => {
    const warnings = warningsOf(page);
    expect(await keepsServerHeading(page, '/bright-smile/payment-success', 'h1')).toBe(true);
    await expect(page.getByText('We could not check the status of this payment.')).toBeVisible();
    expect(warnings).toEqual([]);
  });

  test("the failed page is hydrated without a warning, though the tab holds a checkout the server can't see", async ({
    page,
  }) => {
    const warnings = warningsOf(page);
    // Stripe left the cancel URL's placeholder: the id is the stored one, read after hydration.
    await page.addInitScript(() => {
      const body = {};
      const receipt = { amount: 75, reasonName: 'Whitening', slot: null, providerName: 'Dr. Ana Ruiz' };
      const checkout = { sessionId: 'cs_stored', formUrl: 'bright-smile', practiceId: 'p', body, receipt };
      sessionStorage.setItem('chairtime-checkout', JSON.stringify(checkout));
    });
    const asked: string[] = [];
    await page.route(/\/api\/v1\/stripe\/check-payment-status\?/, async (route) => {
      asked.push(new URL(route.request().url()).searchParams.get('session_id') ?? '');
      await route.fulfill({ json: { success: true, apt_booked: false, result: { payment_status: 'unpaid' } } });
    });
    const path = '/bright-smile/payment-failed?session_id={CHECKOUT_SESSION_ID}';
    expect(await keepsServerHeading(page, path, 'h1')).toBe(true);
    await expect(page.getByText('Please choose a time again.')).toBeVisible();
    expect(asked).toEqual(['cs_stored']);
    expect(warnings).toEqual([]);
  });

  test('an unknown practice is still the 404 page', async ({ request }) => {
    const response = await request.get('/no-such-practice-here/payment-success');
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain('<div id="root"></div>');
  });
});
