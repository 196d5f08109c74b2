import type { Browser, Page } from '@playwright/test';
import { launchChromium } from './bench-chromium.ts';
import { median } from './measure.ts';

export interface InteractionResult {
  runs: number;
  /** Choosing another day in the calendar until that day's times are painted. */
  dayToSlotsMs: number;
  /** Choosing a time until page 5 is painted, including the spec's deliberate advance delay. */
  slotToContactMs: number;
  /** The same less that delay: what the app itself adds. */
  slotToContactWorkMs: number;
  /** The baseline: a click that changes one line of text on a blank page, measured the same way. */
  clickToPaintMs: number;
}

/** Spec section 9: "Slot advance delay | 400 ms", the pause before page 5 that the patient is meant to see. */
export const SLOT_ADVANCE_DELAY_MS = 400;

const CONTACT_HEADING = 'Please enter contact information';

/**
 * What must be on screen for a measurement to end: an element matching `selector` whose text is not
 * `notText` (and has `text`, if given).
 */
interface PaintCondition {
  selector: string;
  text?: string;
  notText?: string;
  /** A second selector that must also match a visible element. */
  alsoVisible?: string;
}

/**
 * Arms a one-shot measurement in the page, from the input time stamp of the next click to the
 * end of the first frame painted after `condition` holds (a requestAnimationFrame callback runs
 * just before that frame is drawn; the task queued from it runs after). Timing inside the page
 * leaves out Playwright's own round trips and polling.
 */
async function armClickToPaint(page: Page, condition: PaintCondition): Promise<void> {
  // tsx (esbuild) wraps named functions in a `__name` helper that the page does not have.
  await page.evaluate('globalThis.__name ??= (fn) => fn');
  await page.evaluate((condition) => {
    const holds = () => {
      const isVisible = (element: Element | null | undefined) =>
        !!element && (element as HTMLElement).checkVisibility();
      const target = [...document.querySelectorAll(condition.selector)].find((element) => {
        const text = element.textContent ?? '';
        return (
          isVisible(element) &&
          (condition.text === undefined || text.includes(condition.text)) &&
          (condition.notText === undefined || text !== condition.notText)
        );
      });
      return !!target && (!condition.alsoVisible || isVisible(document.querySelector(condition.alsoVisible)));
    };
    (window as unknown as { benchPaint: Promise<number> }).benchPaint = new Promise<number>((resolve, reject) => {
      let clickedAt: number | null = null;
      const finish = () => {
        observer.disconnect();
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - clickedAt!), 0));
      };
      const observer = new MutationObserver(() => {
        if (clickedAt !== null && holds()) finish();
      });
      window.addEventListener(
        'click',
        (event) => {
          clickedAt = event.timeStamp;
          observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
          // A change made synchronously by the click handler is already in the DOM after it.
          queueMicrotask(() => {
            if (holds()) finish();
          });
        },
        { capture: true, once: true },
      );
      setTimeout(() => reject(new Error(`nothing matched ${JSON.stringify(condition)} within 15 s`)), 15_000);
    });
  }, condition);
}

const measured = (page: Page) => page.evaluate(() => (window as unknown as { benchPaint: Promise<number> }).benchPaint);

async function clickToPaintBaseline(browser: Browser): Promise<number> {
  const page = await browser.newPage();
  await page.setContent(
    '<button id="go">Go</button><p id="out">waiting</p>' +
      '<script>go.onclick = () => { out.textContent = "done"; };</script>',
  );
  await armClickToPaint(page, { selector: '#out', text: 'done' });
  await page.click('#go');
  const ms = await measured(page);
  await page.close();
  return ms;
}

/** One patient's way to page 4 of /bright-smile, then a day and a time chosen, each timed. */
async function bookingRun(browser: Browser, base: string): Promise<{ dayToSlotsMs: number; slotToContactMs: number }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    // The first step is the server's HTML (ADR 0072): a click before hydration would be lost, so wait for the scripts.
    await page.goto(`${base}/bright-smile`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'New Patient' }).click();
    // Cleaning shows no providers, so the flow goes straight to the slots (e2e/booking-flow.spec.ts).
    await page.getByRole('button', { name: /^Cleaning/ }).click();
    const list = page.getByTestId('slot-list');
    await list.getByRole('button').first().waitFor();
    const days = page.locator('[role=gridcell]:not([aria-selected=true]) button:not([disabled])');
    if ((await days.count()) === 0) {
      // Late in a month the only day with times may be the one already shown.
      await page.getByRole('button', { name: 'Go to the Next Month' }).click();
      await list.getByRole('button').first().waitFor();
    }
    const heading = page.locator('#slot-day-heading');
    const shownDay = (await heading.textContent()) ?? '';
    await armClickToPaint(page, {
      selector: '#slot-day-heading',
      notText: shownDay,
      alsoVisible: '[data-testid=slot-list] button',
    });
    await days.first().click();
    const dayToSlotsMs = await measured(page);

    await armClickToPaint(page, { selector: 'h2', text: CONTACT_HEADING });
    await list.getByRole('button').first().click();
    const slotToContactMs = await measured(page);
    return { dayToSlotsMs, slotToContactMs };
  } finally {
    await context.close();
  }
}

/**
 * Interaction latency on the built app against a running server, in Chromium: one warm-up run,
 * then `runs` runs each with a baseline click beside it; medians.
 */
export async function benchInteraction(base: string, runs = 5): Promise<InteractionResult> {
  const browser = await launchChromium();
  try {
    await bookingRun(browser, base);
    const samples = { day: [] as number[], slot: [] as number[], baseline: [] as number[] };
    for (let run = 0; run < runs; run++) {
      samples.baseline.push(await clickToPaintBaseline(browser));
      const { dayToSlotsMs, slotToContactMs } = await bookingRun(browser, base);
      samples.day.push(dayToSlotsMs);
      samples.slot.push(slotToContactMs);
    }
    const slotToContactMs = median(samples.slot);
    return {
      runs,
      dayToSlotsMs: median(samples.day),
      slotToContactMs,
      slotToContactWorkMs: slotToContactMs - SLOT_ADVANCE_DELAY_MS,
      clickToPaintMs: median(samples.baseline),
    };
  } finally {
    await browser.close();
  }
}
