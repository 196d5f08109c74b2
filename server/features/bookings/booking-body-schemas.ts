import { createBookingBodySchema, type BookingRulesContext } from '#domain/booking/booking-schemas.ts';

type BookingBodySchema = ReturnType<typeof createBookingBodySchema>;

/** Rule sets kept built: every practice's of today and yesterday, for a few hundred practices. */
export const MAX_BUILT_SCHEMAS = 512;

const built = new Map<string, BookingBodySchema>();

/**
 * The booking body's schema for one practice's rules on one day, built once (ADR 0078). Building it and parsing a
 * body with a new schema costs about 30 times a parse with a built one (zod prepares each new object schema on its
 * first parse): it was the largest share of a booking's own time outside the database. The key is the whole
 * context, so a practice's changed rules or the next day build a new one; the least recently used goes when full.
 */
export function bookingBodySchemaFor(context: BookingRulesContext): BookingBodySchema {
  const key = JSON.stringify(context);
  const schema = built.get(key) ?? createBookingBodySchema(context);
  built.delete(key);
  if (built.size >= MAX_BUILT_SCHEMAS) built.delete(built.keys().next().value!);
  built.set(key, schema);
  return schema;
}
