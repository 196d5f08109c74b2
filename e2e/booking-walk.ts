import type { Page, Request } from '@playwright/test';
import { demoPractice } from './demo-practices.ts';
import {
  agreeToContact,
  answerNoInsurance,
  choosePatientType,
  chooseProvider,
  chooseReason,
  chooseSlot,
  type ChosenSlot,
  type ContactDetails,
  expectStep,
  fillContact,
  HEADINGS,
  PATIENT,
  submitBooking,
} from './booking-steps.ts';
import { chooseSlotOnDay } from './verification-steps.ts';

/**
 * One patient's way through pages 1 to 5, as data: the specs that book say only what differs
 * (practice, reason, slot, name), and one walk does the clicking for all of them.
 */
export interface BookingWalk {
  /** Where the walk starts ('/bright-smile', '/smile-group?clinic_num=2'); left out, it goes on from the page. */
  path?: string;
  /** Left out where the page is already past page 1 (an rfv link, a spec that checked page 1 itself). */
  patientType?: 'New Patient' | 'Returning Patient';
  forSomeoneElse?: boolean;
  /** Left out where the reason is preselected or skipped (one reason, an rfv link). */
  reason?: string;
  /** Left out where the reason shows no providers. */
  provider?: string;
  /** The n-th time of the first open day, or [day, time] on a day of its own (away from the other specs). */
  slot: number | readonly [day: number, time: number];
  /** Laid over PATIENT. */
  contact?: Partial<ContactDetails>;
  /** Answers 'No' to the insurance question (the practices that ask it). */
  hasNoInsurance?: boolean;
  /** The step labels the spec expects to read on the way ('Step 3'), checked before each step is done. */
  stepLabels?: { provider?: string; slot?: string };
}

/** Walks to the slot page (page 4, or the one that stands for it), where the spec picks a time or goes on without. */
export async function walkToSlots(page: Page, walk: Omit<BookingWalk, 'slot'>): Promise<void> {
  const labels = walk.stepLabels ?? {};
  if (walk.path) await page.goto(walk.path);
  if (walk.patientType) await choosePatientType(page, walk.patientType, { forSomeoneElse: walk.forSomeoneElse });
  if (walk.reason) await chooseReason(page, walk.reason);
  if (labels.provider) await expectStep(page, HEADINGS.provider, labels.provider);
  if (walk.provider) await chooseProvider(page, walk.provider);
  await expectStep(page, HEADINGS.slot, labels.slot);
}

/** Walks to page 5 and fills it in, short of the consent box and Submit; returns the slot taken. */
export async function walkToContact(page: Page, walk: BookingWalk): Promise<ChosenSlot> {
  await walkToSlots(page, walk);
  const slot =
    typeof walk.slot === 'number' ? await chooseSlot(page, walk.slot) : await chooseSlotOnDay(page, ...walk.slot);
  await fillContactFrom(page, walk);
  return slot;
}

/** Fills page 5 with the walk's contact laid over PATIENT (and its insurance answer), whatever came before. */
export async function fillContactFrom(
  page: Page,
  walk: Pick<BookingWalk, 'contact' | 'forSomeoneElse' | 'hasNoInsurance'>,
): Promise<void> {
  await fillContact(page, { ...PATIENT, ...walk.contact }, { self: !walk.forSomeoneElse });
  if (walk.hasNoInsurance) await answerNoInsurance(page);
}

/** verify-dental's returning patient with a chosen provider: page 6 (the code, ADR 0012) comes after page 5. */
export const VERIFY_DENTAL_COSMETIC = {
  path: '/verify-dental',
  patientType: 'Returning Patient',
  reason: 'Cosmetic Consultation',
  provider: 'Dr. Iris Moreno',
} as const satisfies Omit<BookingWalk, 'slot'>;

/** Walks to page 5 of a practice that verifies patients and goes on to page 6; returns the slot taken. */
export async function walkToVerify(page: Page, walk: BookingWalk, stepLabel?: string): Promise<ChosenSlot> {
  const slot = await walkToContact(page, walk);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expectStep(page, HEADINGS.verify, stepLabel);
  return slot;
}

/** The demo practice a form address belongs to ('/smile-group?clinic_num=2' → Smile Group's name). */
export function practiceNameOf(path: string): string {
  return demoPractice(new URL(path, 'http://localhost').pathname.slice(1)).name;
}

/** Ticks the consent box for `practiceName` and submits page 5; returns the booking request sent. */
export async function agreeAndSubmit(page: Page, practiceName: string): Promise<Request> {
  await agreeToContact(page, practiceName);
  return submitBooking(page);
}

/**
 * The whole walk: page 5 filled, consent given to the practice of `walk.path` (or `practiceName`),
 * submitted. Returns the slot taken and the request sent; the spec reads page 7 (or 6) itself.
 */
export async function bookThrough(
  page: Page,
  walk: BookingWalk,
  practiceName = practiceNameOf(walk.path ?? page.url()),
): Promise<{ slot: ChosenSlot; request: Request }> {
  const slot = await walkToContact(page, walk);
  return { slot, request: await agreeAndSubmit(page, practiceName) };
}
