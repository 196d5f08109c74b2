import { demoPractice } from './demo-practices.ts';
import { expect, test } from './fixtures.ts';
import {
  agreeToContact,
  answerNoInsurance,
  choosePatientType,
  chooseReason,
  chooseSlot,
  expectNoAxeViolations,
  fillContact,
  submitBooking,
} from './booking-steps.ts';
import { booking, signInToConsole, SIGNED_OUT_CONSOLE_ERRORS } from './console-steps.ts';
import { bookAWeekAhead, emailTo } from './manage-steps.ts';
import { uniqueContact } from './verification-steps.ts';

// The staff console (ADR 0038): the demo owner of bright-smile works the schedule while a patient books in
// another browser.
const brightSmile = demoPractice('bright-smile');

test.use(SIGNED_OUT_CONSOLE_ERRORS);

/** A surname of this attempt's own: a retry runs on the same server, beside the first attempt's bookings. */
const surname = (name: string) => `${name}${Date.now().toString(36).replace(/\d/g, '')}`;

test('an owner sees a patient’s booking appear, moves it, cancels another, and the patients hear of both', async ({
  page,
  browser,
  request,
}) => {
  // Two patient walks, a sign-in and four actions: about 30 s, more on a busy two-core machine.
  test.setTimeout(120_000);
  const moved = uniqueContact('console-moved');
  const [noraLast, colmLast] = [surname('Vance'), surname('Reyes')];
  const [nora, colm] = [`Nora ${noraLast}`, `Colm ${colmLast}`];
  const cancelled = uniqueContact('console-cancelled');
  // The booking to cancel, made earlier by another patient.
  const cancelDate = await bookAWeekAhead(request, cancelled.email, 0, cancelled.phone, {
    first: 'Colm',
    last: colmLast,
  });

  // The patient picks a time in their own browser; the owner opens that day in the console.
  const patientContext = await browser.newContext();
  const patient = await patientContext.newPage();
  await patient.goto('/bright-smile');
  await choosePatientType(patient, 'Returning Patient');
  await chooseReason(patient, 'Cleaning');
  // Taking the time moves the patient's page on: the day is read before it.
  const { day } = await chooseSlot(patient, 2);
  await signInToConsole(page, day);
  await expectNoAxeViolations(page);
  await expect(booking(page, nora)).toHaveCount(0);

  await fillContact(patient, {
    firstName: 'Nora',
    lastName: noraLast,
    email: moved.email,
    phone: moved.phone,
    dob: '03041979',
    visitedBefore: 'Yes',
  });
  await answerNoInsurance(patient);
  await agreeToContact(patient, brightSmile.name);
  const sent = await submitBooking(patient);
  expect((await sent.response())?.status()).toBe(201);
  const bookedAt = Date.now();
  // No reload: the console's poll brings it.
  await expect(booking(page, nora)).toBeVisible({ timeout: 15_000 });
  console.log(
    `A patient's booking appeared in the open console ${((Date.now() - bookedAt) / 1000).toFixed(1)} s ` +
      'after it was made.',
  );
  await patientContext.close();

  // Move it to another free time of the same day.
  await booking(page, nora).click();
  const panel = page.getByRole('dialog', { name: nora });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText(moved.email);
  await panel.getByRole('button', { name: 'Reschedule…' }).click();
  const reschedule = page.getByRole('dialog', { name: `Reschedule ${nora}` });
  const times = reschedule.getByRole('group', { name: 'Free times' }).getByRole('radio');
  await expect(times.first()).toBeVisible();
  await times.last().check();
  await reschedule.getByRole('button', { name: 'Move the booking' }).click();
  await expect(reschedule).toBeHidden();
  await expect(panel.getByRole('status')).not.toBeEmpty();
  await expect(panel).toContainText('Rescheduled');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // Cancel the other one, on its own day.
  await page.goto(`/console?date=${cancelDate}`);
  await booking(page, colm).click();
  const other = page.getByRole('dialog', { name: colm });
  await other.getByRole('button', { name: 'Cancel booking…' }).click();
  const cancel = page.getByRole('dialog', { name: `Cancel ${colm}’s booking?` });
  await cancel.getByLabel('Why is it cancelled?').fill('The hygienist is ill that day.');
  await cancel.getByRole('button', { name: 'Cancel the booking' }).click();
  await expect(cancel).toBeHidden();
  await expect(other).toContainText('Cancelled');

  // Each patient's e-mail says what happened.
  await emailTo(request, moved.email, /^Your appointment at Bright Smile Dental was moved: /);
  await emailTo(request, cancelled.email, /^Your appointment at Bright Smile Dental is cancelled$/);
});

test('the console is keyboard-operable: t, n and p move the day, and signing out ends the session', async ({
  page,
  moveClock,
}) => {
  // t goes to today: a day of the test's own, so that "today" is never the January the test starts in.
  await moveClock('2027-06-15T10:00:00-05:00');
  await signInToConsole(page, '2030-01-07');
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toContainText('January 7');
  await page.getByRole('region', { name: 'Schedule grid' }).focus();
  await page.keyboard.press('n');
  await expect(title).toContainText('January 8');
  await page.keyboard.press('p');
  await page.keyboard.press('p');
  await expect(title).toContainText('January 6');
  await page.keyboard.press('w');
  await expect(page).toHaveURL(/view=week/);
  await page.keyboard.press('t');
  await expect(title).toContainText('June');
  await expect(title).not.toContainText('January');
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  // The API agrees: the cookie opens nothing any more.
  expect((await page.request.get('/api/v1/staff/session')).status()).toBe(401);
  // The console is never indexed nor kept by shared caches.
  const response = await page.request.get('/console');
  expect(response.headers()['x-robots-tag']).toContain('noindex');
  expect(response.headers()['cache-control']).toContain('no-store');
});
