import { z } from 'zod';
import { practiceDayField } from '../wire/wire-primitives.ts';
import { MS_PER_DAY } from '../time/local-date.ts';
import { FUNNEL_STEPS, DEVICE_CLASSES } from './funnel-words.ts';

/**
 * The booking funnel (ADR 0080): the booking page's step events and the console's insights.
 *
 * - `POST /api/v1/events` (FunnelBatch, sent with `navigator.sendBeacon`) → 204. Strict: a batch
 *   with any other field (a name, a contact) is refused, so nothing personal can be stored with it.
 * - `GET /api/v1/staff/insights/funnel?from&to[&source][&campaign]` (permission 'insights': owners and
 *   operators) → Funnel.
 */

// Here rather than in funnel-words.ts: the spread below is code a bundle keeps, and the booking page needs none of it.
/** Events that show a screen: the visit's first, a later one forward, one reached by Back, the booking's. */
export const SCREEN_EVENTS = ['page_shown', 'step_reached', 'step_back', 'booked'] as const;
/** What a patient did within a step: took a slot, had a code sent and passed it, went to pay. */
export const ACTION_EVENTS = ['slot_taken', 'code_sent', 'code_passed', 'checkout_started'] as const;
export const FUNNEL_EVENT_TYPES = [...SCREEN_EVENTS, ...ACTION_EVENTS] as const;
export type FunnelEventType = (typeof FUNNEL_EVENT_TYPES)[number];

/** Epoch milliseconds from 2020 to 2200: a browser's clock, bounded so that a timestamp never overflows. */
const EPOCH_MS = z
  .number()
  .int()
  .min(Date.UTC(2020, 0, 1))
  .max(Date.UTC(2200, 0, 1));
/** A tracking value (`utm_source`, `utm_campaign`): short text, trimmed, empty read as absent. */
const TAG = z
  .string()
  .trim()
  .max(100)
  .transform((value) => value || undefined);

export const FUNNEL_BATCH_MAX_EVENTS = 40;

export const FunnelEventSchema = z.strictObject({
  type: z.enum(FUNNEL_EVENT_TYPES),
  step: z.enum(FUNNEL_STEPS).optional(),
  at: EPOCH_MS,
  /**
   * Time spent since the visit's previous event (on the step it leaves). Longer than a day counts as a day
   * (ADR 0084): a tab left open overnight is a real visit, and one outlier would otherwise skew the medians.
   */
  ms: z
    .number()
    .int()
    .min(0)
    .transform((ms) => Math.min(ms, MS_PER_DAY))
    .optional(),
});
export type FunnelEvent = z.infer<typeof FunnelEventSchema>;

export const FunnelBatchSchema = z.strictObject({
  visit_id: z.uuid(),
  practice_id: z.uuid(),
  source: TAG.optional(),
  campaign: TAG.optional(),
  device: z.enum(DEVICE_CLASSES),
  events: z.array(FunnelEventSchema).min(1).max(FUNNEL_BATCH_MAX_EVENTS),
});
export type FunnelBatch = z.infer<typeof FunnelBatchSchema>;

export const FunnelQuerySchema = z.object({
  from: practiceDayField('from'),
  to: practiceDayField('to'),
  source: z.string().max(100).optional(),
  campaign: z.string().max(100).optional(),
});
export type FunnelQuery = z.infer<typeof FunnelQuerySchema>;

const COUNT = z.number().int().min(0);

export const FunnelSchema = z.object({
  from: z.string(),
  to: z.string(),
  visits: COUNT,
  steps: z.array(z.object({ step: z.enum(FUNNEL_STEPS), reached: COUNT, left: COUNT })),
  booked: COUNT,
  /** Booked visits over visits, 0 to 1 (0 without visits). */
  conversion: z.number().min(0).max(1),
  median_seconds_to_book: z.number().nullable(),
  last_step_before_leaving: z.enum(FUNNEL_STEPS).nullable(),
  by_source: z.array(
    z.object({ source: z.string().nullable(), campaign: z.string().nullable(), visits: COUNT, booked: COUNT }),
  ),
  /** Bookings made in the period (from the bookings themselves, whatever the funnel saw). */
  bookings: z.object({
    by_reason: z.array(z.object({ reason: z.string(), count: COUNT })),
    by_provider: z.array(z.object({ provider: z.string(), count: COUNT })),
    /** ISO weekdays of the visits' dates, 1 Monday to 7 Sunday. */
    by_weekday: z.array(z.object({ weekday: z.number().int().min(1).max(7), count: COUNT })),
  }),
});
export type Funnel = z.infer<typeof FunnelSchema>;
