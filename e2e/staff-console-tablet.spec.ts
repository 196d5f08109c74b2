import type { Locator } from '@playwright/test';
import { cleaningSlotsAhead, reasonId, type ApiSlot } from './booking-api.ts';
import { booking, signInToConsole, SIGNED_OUT_CONSOLE_ERRORS, staffPost } from './console-steps.ts';
import { expect, test } from './fixtures.ts';
import { parseLocalDateTime } from '#domain/time/wall-clock.ts';
import { wallToInstant } from '#domain/time/zoned-time.ts';

// The schedule on a tablet in landscape (ADR 0067): the toolbar and the column headings stay in view
// while the grid scrolls, a line marks the current time, week cards keep their words whole, and a
// blocked time's label shows beside the booking over it.
test.use({ ...SIGNED_OUT_CONSOLE_ERRORS, viewport: { width: 1024, height: 768 }, hasTouch: true });

const wallOf = (slot: ApiSlot) => ({ date: slot.DateTimeStart.slice(0, 10), time: slot.DateTimeStart.slice(11, 16) });
const box = async (locator: Locator) => (await locator.boundingBox())!;

test('the tablet schedule keeps its bearings: sticky headings, the time now, whole words, blocked labels', async ({
  page,
  request,
}) => {
  const slots = await cleaningSlotsAhead(request, 46, 58);
  expect(slots.length, 'free times six weeks ahead').toBeGreaterThan(0);
  const first = slots[0]!;
  const { date, time } = wallOf(first);
  // The tablet's clock half an hour into the visit, at the practice's time.
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  await page.clock.setFixedTime(wallToInstant(parseLocalDateTime(`${date}T${time}`), 'America/Chicago') + 30 * 60_000);

  await signInToConsole(page, date);
  await staffPost(page, '/appointments', {
    reason_id: await reasonId(request, 'bright-smile', 'Cleaning'),
    pms_prov_num: first.ProvNum,
    apt_date: date,
    start_time: time,
    first_name: 'Bartholomew',
    last_name: 'Featherstonehaugh',
    dob: '1975-02-03',
    is_new_patient: false,
    email: `tablet-${Date.now()}@example.com`,
    wireless_phone: '',
    agreed_to_contact: true,
  });
  const end = `${String(hours + 1).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
  await staffPost(page, '/blocks', {
    date,
    start_time: time,
    end_time: end,
    pms_prov_num: first.ProvNum,
    label: 'Staff meeting',
  });
  await page.reload();
  const visit = booking(page, 'Bartholomew Featherstonehaugh');
  await expect(visit).toBeVisible();

  // A blocked time's label is beside the booking over it, not under it.
  const label = page.getByText(/^Blocked: Staff meeting/);
  await expect(label).toBeVisible();
  const [visitBox, labelBox] = [await box(visit), await box(label)];
  expect(labelBox.x, 'the label starts right of the booking').toBeGreaterThanOrEqual(visitBox.x + visitBox.width);

  // The current-time line: in the visit's column, half an hour below its top.
  await expect(page.locator('[data-now-line]')).toHaveCount(3);
  const line = visit.locator('xpath=ancestor::section[1]').locator('[data-now-line]');
  expect(Math.abs((await box(line)).y - (visitBox.y + 30 * 2))).toBeLessThanOrEqual(3);

  // Scrolled to the evening, the toolbar and the column headings are still on screen.
  const grid = page.getByRole('region', { name: 'Schedule grid' });
  await grid.evaluate((element) => element.scrollBy(0, 2_000));
  const heading = page.getByRole('heading', { level: 2 }).first();
  for (const stays of [page.getByRole('button', { name: 'Book a patient' }), heading]) {
    await expect(stays).toBeInViewport();
  }
  expect((await box(heading)).y).toBeGreaterThanOrEqual((await box(grid)).y - 1);

  // The week view: the card's words wrap whole, none cut at its edges.
  await page.goto(`/console?date=${date}&view=week`);
  const card = booking(page, 'Bartholomew Featherstonehaugh');
  await expect(card).toBeVisible();
  const overflow = await card.evaluate((element) => ({
    wide: element.scrollWidth - element.clientWidth,
    tall: element.scrollHeight - element.clientHeight,
  }));
  expect(overflow).toEqual({ wide: 0, tall: 0 });
});
