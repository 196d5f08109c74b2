/**
 * Whether the tree being rendered is the server's markup: while the server renders it, and while
 * the browser hydrates it (ADR 0072). Hooks that would render nothing until an effect has run in
 * the browser (the booking session, use-booking-session.ts) render the server's first step instead,
 * so the browser's first render matches the HTML it received.
 */
let isServerMarkup = typeof window === 'undefined';

export function rendersServerMarkup(): boolean {
  return isServerMarkup;
}

/** main.tsx, before hydrating the server's HTML. */
export function startHydratingServerMarkup(): void {
  isServerMarkup = true;
}

/** Once the hydrated page has set itself up (its first layout effect), renders are the browser's own. */
export function endHydratingServerMarkup(): void {
  if (typeof window !== 'undefined') isServerMarkup = false;
}

/**
 * The attribute `booking-page-start.js` (web/public, a classic script the server writes into the page,
 * ADR 0085) puts on `<html>` when
 * this tab may hold a booking of this practice: the server's first step stays hidden (styles.css)
 * until the browser has shown the stored one (ADR 0072).
 */
export const RESTORE_ATTRIBUTE = 'data-booking-restore';

export function isRestoringBooking(): boolean {
  return typeof document !== 'undefined' && document.documentElement.hasAttribute(RESTORE_ATTRIBUTE);
}

export function endRestoringBooking(): void {
  if (typeof document !== 'undefined') document.documentElement.removeAttribute(RESTORE_ATTRIBUTE);
}
