import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page, Request } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** Drives the booking flow the way a patient does, by the texts on the screen. */

export const HEADINGS = {
  clinic: 'Please select your preferred location',
  patientType: 'Please select patient type',
  reason: 'Please select the reason for your visit',
  provider: 'Please select provider',
  slot: 'Please select a slot',
  contact: 'Please enter contact information',
  verify: 'Verify your contact',
  booked: 'Appointment Booked',
  requested: 'Appointment Request Received',
} as const;

/** The same headings on a Spanish page (ADR 0034). */
export const HEADINGS_ES: Record<keyof typeof HEADINGS, string> = {
  clinic: 'Seleccione la ubicación que prefiera',
  patientType: 'Seleccione el tipo de paciente',
  reason: 'Seleccione el motivo de su visita',
  provider: 'Seleccione un profesional',
  slot: 'Seleccione un horario',
  contact: 'Ingrese su información de contacto',
  verify: 'Verifique su contacto',
  booked: 'Cita reservada',
  requested: 'Solicitud de cita recibida',
};

/** The few calendar texts the slot helpers read, in each language of the patient side. */
export const CALENDAR_TEXTS = {
  en: { heading: HEADINGS.slot, nextMonth: 'Go to the Next Month' },
  es: { heading: HEADINGS_ES.slot, nextMonth: 'Ir al mes siguiente' },
} as const;

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Axe's experimental rules that the product holds itself to, enabled explicitly (experimental
 * rules never run otherwise): WCAG 2.5.3 label in name (the calendar's day buttons).
 */
export const EXPERIMENTAL_RULES = ['label-content-name-mismatch'];

/** The one axe run of the suite: WCAG 2.2 AA tags plus the experimental rules above. */
export function axeBuilder(page: Page): AxeBuilder {
  return new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .options({ rules: Object.fromEntries(EXPERIMENTAL_RULES.map((rule) => [rule, { enabled: true }])) });
}

export const stepHeading = (page: Page) =>
  page.getByRole('heading', { level: 2 }).filter({ hasNotText: 'Your appointment' });

export async function expectStep(page: Page, heading: string, stepLabel?: string | null): Promise<void> {
  await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  if (stepLabel === undefined) return;
  if (stepLabel === null) await expect(page.getByText(/^Step \d$/)).toHaveCount(0);
  else await expect(page.getByText(/^Step \d$/)).toHaveText(stepLabel);
}

/**
 * Waits for finished-able animations (toasts fading in, menus opening): axe computes contrast from the
 * opacity of the moment, so a half-faded element reads as a violation that no patient ever sees.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.race([
      Promise.all(finite.map((animation) => animation.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]);
  });
}

export async function expectNoAxeViolations(page: Page): Promise<void> {
  await settleAnimations(page);
  // A toast may start to fade out while axe reads the page (its timer runs on under a slow machine):
  // with reduced motion, Sonner and our own styles show every element at its final opacity.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const results = await axeBuilder(page)
    .analyze()
    .finally(() => page.emulateMedia({ reducedMotion: null }));
  expect(results.violations.map(({ id, help, nodes }) => ({ id, help, targets: nodes.map((n) => n.target) }))).toEqual(
    [],
  );
}

/**
 * A full-page screenshot attached to the test, so it is kept in the HTML report (playwright-report/),
 * which outlives the next run, unlike test-results/, which Playwright empties at every start.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  const size = page.viewportSize();
  const body = await page.screenshot({ fullPage: true });
  await test.info().attach(`${name}-${size?.width ?? 0}x${size?.height ?? 0}.png`, { body, contentType: 'image/png' });
}

export async function choosePatientType(
  page: Page,
  type: 'New Patient' | 'Returning Patient',
  options: { forSomeoneElse?: boolean } = {},
) {
  await expectStep(page, HEADINGS.patientType);
  if (options.forSomeoneElse) await page.getByRole('checkbox', { name: 'Booking for Someone Else' }).check();
  await page.getByRole('button', { name: type }).click();
}

export async function chooseReason(page: Page, name: string) {
  await expectStep(page, HEADINGS.reason);
  await page.getByRole('button', { name: new RegExp(`^${name}`) }).click();
}

export async function chooseProvider(page: Page, name: string) {
  await expectStep(page, HEADINGS.provider);
  await page.getByRole('button', { name }).click();
}

export interface ChosenSlot {
  dayHeading: string;
  /** The selected day, "YYYY-MM-DD", read before the time is taken: taking it moves the page on. */
  day: string;
  time: string;
}

/**
 * Picks the `index`-th time of the first day with slots. Tests that book in parallel use
 * different indexes so they never race for one slot (except the test about exactly that).
 */
export async function chooseSlot(
  page: Page,
  index: number,
  language: keyof typeof CALENDAR_TEXTS = 'en',
): Promise<ChosenSlot> {
  const list = await shownSlotList(page, language);
  // The first open day may be today, whose times run out late in the practice's day: a test that
  // wants the n-th time moves on to the next open day that has it (at most a few days on), in the
  // next month when today is the month's last open day.
  for (let moves = 0; moves < 5 && (await list.getByRole('button').count()) <= index; moves++) {
    const cells = page.getByRole('grid').locator('[data-day]:has(button:not([disabled]))');
    const days = await cells.evaluateAll((all) =>
      all.map((cell) => ({
        day: cell.getAttribute('data-day') ?? '',
        isSelected: cell.getAttribute('aria-selected') === 'true',
      })),
    );
    const selected = days.find((d) => d.isSelected)?.day ?? '';
    const later = days.find((d) => d.day > selected);
    if (!later) {
      // The next month opens on its first open day, selected.
      const [year, month] = selected.split('-').map(Number);
      const next = month === 12 ? `${year! + 1}-01` : `${year}-${String(month! + 1).padStart(2, '0')}`;
      await page.getByRole('button', { name: CALENDAR_TEXTS[language].nextMonth }).click();
      await expect(page.getByRole('grid').locator(`[data-day^="${next}-"][aria-selected="true"]`)).toHaveCount(1);
      await expect(list.getByRole('button').first()).toBeVisible();
      continue;
    }
    await page.getByRole('grid').locator(`[data-day="${later.day}"] button`).click();
    await expect(page.getByRole('grid').locator(`[data-day="${later.day}"]`)).toHaveAttribute('aria-selected', 'true');
    await expect(list.getByRole('button').first()).toBeVisible();
  }
  return takeTime(page, index);
}

/** The slot page in `language` with the selected day's times shown; the list of those times. */
export async function shownSlotList(page: Page, language: keyof typeof CALENDAR_TEXTS): Promise<Locator> {
  await expectStep(page, CALENDAR_TEXTS[language].heading);
  const list = page.getByTestId('slot-list');
  await expect(list.getByRole('button').first()).toBeVisible();
  return list;
}

/** Clicks the `index`-th time of the selected day; returns the day's heading and the time as shown. */
export async function takeTime(page: Page, index: number): Promise<ChosenSlot> {
  const dayHeading = (await page.getByRole('heading', { level: 3 }).first().textContent()) ?? '';
  const selected = page.getByRole('grid').locator('[data-day][aria-selected="true"]');
  const day = (await selected.getAttribute('data-day')) ?? '';
  const button = page.getByTestId('slot-list').getByRole('button').nth(index);
  const time = (await button.textContent()) ?? '';
  await button.click();
  return { dayHeading, day, time };
}

export interface ContactDetails {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  dob: string;
  visitedBefore?: 'Yes' | 'No';
  message?: string;
}

export async function fillContact(page: Page, details: ContactDetails, labels: { self: boolean } = { self: true }) {
  await expectStep(page, HEADINGS.contact);
  const prefix = labels.self ? '' : "Patient's ";
  await page.getByLabel(`${prefix}First Name`, { exact: true }).fill(details.firstName);
  await page.getByLabel(`${prefix}Last Name`, { exact: true }).fill(details.lastName);
  await page.getByLabel('Email', { exact: true }).fill(details.email);
  await page.getByLabel('Phone', { exact: true }).fill(details.phone);
  await page.getByLabel(`${prefix}Date of Birth`, { exact: true }).fill(details.dob);
  // A reason for new or returning patients only gives the answer itself, without the question.
  const isAnswerGiven = (await page.getByText(/^This appointment is for (new|returning) patients only\./).count()) > 0;
  if (details.visitedBefore && !isAnswerGiven) {
    const group = page.getByRole('group', {
      name: labels.self ? 'Have you visited us before' : 'Have they visited us before',
    });
    await group.getByRole('radio', { name: details.visitedBefore }).check();
  }
  if (details.message) await page.getByLabel('Message').fill(details.message);
}

export async function answerNoInsurance(page: Page) {
  await page.getByRole('group', { name: 'Do you have dental insurance?' }).getByRole('radio', { name: 'No' }).check();
}

export async function agreeToContact(page: Page, practiceName: string) {
  await page.getByRole('checkbox', { name: `I agree to receive text and email from ${practiceName}` }).check();
}

/** Submits page 5 and returns the booking request the browser sent. */
export async function submitBooking(page: Page, label = 'Submit'): Promise<Request> {
  const button = page.getByRole('button', { name: label, exact: true });
  await expect(button).toBeEnabled();
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/v1/appointment')),
    button.click(),
  ]);
  return request;
}

export const PATIENT: ContactDetails = {
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane.doe@example.com',
  phone: '5125550199',
  dob: '04/12/1988',
};
