/**
 * The funnel's wire names (ADR 0080), without zod, so the booking page's beacon can share them at no cost.
 * Steps are the booking's screens as its history names them (ADR 0020): added to, never renamed.
 */
export const FUNNEL_STEPS = [
  'location',
  'patient-type',
  'reason',
  'provider',
  'slot',
  'contact',
  'verify',
  'booked',
] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/**
 * `page_shown`: the visit's first screen; `step_reached`: a later screen, forward; `step_back`: a screen
 * reached by Back; `slot_taken`: the patient took a slot; `code_sent`/`code_passed`: the one-time code;
 * `checkout_started`: off to pay; `booked`: the booking was made.
 */
export const FUNNEL_EVENT_TYPES = [
  'page_shown',
  'step_reached',
  'step_back',
  'slot_taken',
  'code_sent',
  'code_passed',
  'checkout_started',
  'booked',
] as const;
export type FunnelEventType = (typeof FUNNEL_EVENT_TYPES)[number];

/** From the viewport's width, not the user agent (no fingerprint). */
export const DEVICE_CLASSES = ['phone', 'tablet', 'desktop'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];
