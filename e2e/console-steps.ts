import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** Steps of the staff console specs: the demo owner of bright-smile (playwright.config.ts sets its password). */
export const OWNER = { email: 'owner@bright-smile.example', password: 'e2e demo owner password' };

/**
 * A signed-out console asks who is signed in, and the staff API answers 401 as its convention says;
 * Chromium logs every 4xx of a fetch as an error, so that one answer is expected.
 */
export const SIGNED_OUT_CONSOLE_ERRORS = {
  expectedConsoleErrors: { allow: [{ text: /status of 401/, url: /\/api\/v1\/staff\/session$/ }] },
};

/** Signs the demo owner in at the schedule of `date`. */
export async function signInToConsole(page: Page, date: string) {
  await page.goto(`/console?date=${date}`);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('E-mail').fill(OWNER.email);
  await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('region', { name: 'Schedule grid' })).toBeVisible();
}

/** A patient's booking on the schedule grid, by the name it starts with. */
export const booking = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Schedule grid' }).getByRole('button', { name: new RegExp(`^${name}\\b`) });

/** A staff call with the signed-in page's cookies and CSRF token, expected to create something (201). */
export async function staffPost(page: Page, path: string, data: Record<string, unknown>) {
  const session = await (await page.request.get('/api/v1/staff/session')).json();
  const response = await page.request.post(`/api/v1/staff${path}`, {
    data,
    headers: { 'X-CSRF-Token': session.result.csrf_token, Origin: new URL(page.url()).origin },
  });
  expect(response.status(), await response.text()).toBe(201);
}
