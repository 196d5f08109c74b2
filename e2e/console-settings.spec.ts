import type { APIRequestContext, Page } from '@playwright/test';
import { practiceId, reasonId } from './booking-api.ts';
import { expectNoAxeViolations } from './booking-steps.ts';
import { signInToConsole, SIGNED_OUT_CONSOLE_ERRORS, staffPost } from './console-steps.ts';
import { expect, httpErrorLine, test } from './fixtures.ts';
import { emailTo } from './manage-steps.ts';
import { uniqueContact } from './verification-steps.ts';

// The settings page (ADR 0083) on the movable clock: Monday 3 May 2027, 09:00 in Chicago (bright-smile's zone).
// The days changed here (12 to 17 May 2027) are days no other spec books or pins its clock to: the practice's
// settings outlive the test on the worker's server.
const NOW = '2027-05-03T14:00:00Z';
test.use(SIGNED_OUT_CONSOLE_ERRORS);

/** The start times bright-smile's booking page offers for Cleaning on `date` (with `provider`, or anyone). */
async function cleaningTimes(request: APIRequestContext, date: string, provider = 0): Promise<string[]> {
  const query = new URLSearchParams({
    practice_id: await practiceId(request, 'bright-smile'),
    reason_for_visit_id: await reasonId(request, 'bright-smile', 'Cleaning'),
    start_date: date,
    end_date: date,
    pms_prov_num: String(provider),
  });
  const response = await request.get(`/api/v1/appointment/slots?${query}`);
  expect(response.status()).toBe(200);
  const slots = ((await response.json()) as { result: { DateTimeStart: string }[] }).result;
  return slots.map((slot) => slot.DateTimeStart.slice(11, 16));
}

async function openSettings(page: Page) {
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
}

/** Adds a closure in the Closures section: the whole day, or from `start` to `end`. */
async function addClosure(page: Page, closure: { date: string; name: string; start?: string; end?: string }) {
  const closures = page.getByRole('region', { name: 'Closures' });
  await closures.getByRole('button', { name: 'Add a closure' }).click();
  const row = closures.getByRole('group').last();
  await row.getByLabel('Date').fill(closure.date);
  await row.getByLabel('Name').fill(closure.name);
  if (closure.start) await row.getByLabel('Closed from').fill(closure.start);
  if (closure.end) await row.getByLabel('Closed until').fill(closure.end);
}

const saved = (page: Page) => page.getByRole('status').filter({ hasText: /^Saved as version \d+/ });

test('an owner closes an afternoon and the booking page stops offering it; a colour below 4.5:1 is refused', async ({
  page,
  request,
  moveClock,
}) => {
  await moveClock(NOW);
  const before = await cleaningTimes(request, '2027-05-12');
  expect(before.filter((time) => time >= '13:00').length, 'afternoon times before').toBeGreaterThan(0);
  await signInToConsole(page, '2027-05-03');
  await openSettings(page);
  await expectNoAxeViolations(page);

  const button = page.getByRole('region', { name: 'Branding' }).getByLabel('Button colour');
  await button.fill('#ffff00');
  await expect(button).toHaveAccessibleDescription(/Contrast with white is 1\.07:1; it must be at least 4\.5:1/);
  await page.getByRole('button', { name: 'Save the settings' }).click();
  await expect(button).toBeFocused();
  await expect(saved(page)).toHaveCount(0);
  await button.fill('#0f766e');

  await addClosure(page, { date: '2027-05-12', name: 'Staff training', start: '13:00', end: '17:00' });
  const preview = page.getByRole('region', { name: 'Preview the slots' });
  await preview.getByLabel('Day').fill('2027-05-12');
  await preview.getByRole('button', { name: 'Preview the slots' }).click();
  await expect(preview.getByRole('status')).toContainText('slot time(s) on 2027-05-12: 09:00');
  await expect(preview.getByRole('status')).not.toContainText('13:00');
  await page.getByRole('button', { name: 'Save the settings' }).click();
  await expect(saved(page)).toBeVisible();

  const after = await cleaningTimes(request, '2027-05-12');
  expect(after.filter((time) => time >= '13:00')).toEqual([]);
  expect(after).toEqual(before.filter((time) => time < '13:00'));
  const history = page.getByRole('table', { name: 'Saved changes, newest first' });
  const change = history.getByRole('row').filter({ hasText: 'Staff training' });
  await expect(change.getByRole('cell', { name: 'closures', exact: true })).toBeVisible();
});

test('an owner marks last year’s closure as every year and the booking page stops offering this year’s', async ({
  page,
  request,
  moveClock,
}) => {
  await moveClock(NOW);
  expect((await cleaningTimes(request, '2027-05-17')).length, 'times before').toBeGreaterThan(0);
  await signInToConsole(page, '2027-05-03');
  await openSettings(page);
  await addClosure(page, { date: '2026-05-17', name: 'Founders’ Day' });
  await page.getByRole('region', { name: 'Closures' }).getByRole('group').last().getByLabel('Every year').check();
  await page.getByRole('button', { name: 'Save the settings' }).click();
  await expect(saved(page)).toBeVisible();
  expect(await cleaningTimes(request, '2027-05-17')).toEqual([]);
  expect((await cleaningTimes(request, '2027-05-18')).length, 'the next day is open').toBeGreaterThan(0);
});

test('a front desk adds a provider’s time off and sees no other section', async ({ page, request, moveClock }) => {
  await moveClock(NOW);
  const desk = { email: uniqueContact('settings-desk').email, password: 'front desk password 2027' };
  await signInToConsole(page, '2027-05-03');
  await staffPost(page, '/members', { email: desk.email, name: 'Dana Desk', role: 'front_desk' });
  const invitation = await emailTo(request, desk.email, /You are invited/);
  const token = /\/console\/set-password\/(\S+)/.exec(invitation)![1]!;
  const set = await request.post(`/api/v1/staff/password-links/${token}`, { data: { password: desk.password } });
  expect(set.status(), await set.text()).toBe(200);
  expect((await cleaningTimes(request, '2027-05-13', 2)).length, 'Dr. Carter’s times before').toBeGreaterThan(0);

  await page.context().clearCookies();
  await page.goto('/console');
  await page.getByLabel('E-mail').fill(desk.email);
  await page.getByLabel('Password', { exact: true }).fill(desk.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await openSettings(page);
  await expect(page.getByRole('region', { name: 'Closures' })).toBeVisible();
  for (const name of ['Reasons for visit', 'Weekly hours and breaks', 'Branding', 'Policies', 'Change history'])
    await expect(page.getByRole('region', { name })).toHaveCount(0);

  const timeOff = page.getByRole('region', { name: 'Provider time off' });
  await timeOff.getByRole('button', { name: 'Add time off' }).click();
  const row = timeOff.getByRole('group').last();
  await row.getByLabel('Provider').selectOption({ label: 'Dr. Ben Carter' });
  await row.getByLabel('From').fill('2027-05-13T08:00');
  await row.getByLabel('Until').fill('2027-05-13T18:00');
  await page.getByRole('button', { name: 'Save the settings' }).click();
  await expect(saved(page)).toBeVisible();
  expect(await cleaningTimes(request, '2027-05-13', 2)).toEqual([]);
  expect((await cleaningTimes(request, '2027-05-13', 1)).length, 'Dr. Ruiz still works').toBeGreaterThan(0);
});

test.describe('a stranded booking', () => {
  // The first save answers 409 STRANDS_BOOKINGS, which Chromium logs as an error.
  test.use({
    expectedConsoleErrors: {
      allow: [
        ...SIGNED_OUT_CONSOLE_ERRORS.expectedConsoleErrors.allow,
        httpErrorLine(409, /\/api\/v1\/staff\/settings$/),
      ],
    },
  });

  test('closing a day with a booking on it lists the booking and saves only when confirmed', async ({
    page,
    request,
    moveClock,
  }) => {
    await moveClock(NOW);
    const patient = uniqueContact('settings-stranded');
    await signInToConsole(page, '2027-05-03');
    await staffPost(page, '/appointments', {
      reason_id: await reasonId(request, 'bright-smile', 'Cleaning'),
      pms_prov_num: 1,
      apt_date: '2027-05-14',
      start_time: '10:00',
      first_name: 'Stella',
      last_name: 'Stranded',
      dob: '1980-01-02',
      is_new_patient: false,
      email: patient.email,
      wireless_phone: patient.phone,
      agreed_to_contact: true,
    });
    await openSettings(page);
    await addClosure(page, { date: '2027-05-14', name: 'Inspection' });
    await page.getByRole('button', { name: 'Save the settings' }).click();

    const stranded = page.getByRole('table', { name: 'Bookings outside the new times' });
    await expect(stranded.getByRole('row')).toHaveCount(2);
    await expect(stranded.getByRole('row').last()).toContainText(/2027-05-1410:00Stella Stranded$/);
    await expect(saved(page)).toHaveCount(0);
    expect((await cleaningTimes(request, '2027-05-14')).length, 'not saved yet').toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Save anyway' }).click();
    await expect(saved(page)).toBeVisible();
    expect(await cleaningTimes(request, '2027-05-14')).toEqual([]);
  });
});
