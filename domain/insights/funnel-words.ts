/**
 * The funnel's wire names (ADR 0080), without zod, so the booking page's beacon can share them at no cost.
 * Steps are the booking's screens as its history names them (ADR 0020): added to, never renamed.
 */
export const FUNNEL_STEPS = [
  'location', // the clinic list of a practice with several, before page 1
  'patient-type', // page 1 (spec section 2)
  'reason',
  'provider', // only where the reason shows providers
  'slot',
  'contact',
  'verify', // only where the practice verifies patients
  'booked',
] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** From the viewport's width, not the user agent (no fingerprint). */
export const DEVICE_CLASSES = ['phone', 'tablet', 'desktop'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];
