import { createBookingBodySchema } from './booking-schemas.ts';

/**
 * The `POST appointment` body as the API description shows it (ADR 0070): the fields of a
 * practice that asks for insurance with both optional fields. The server checks each request with
 * its practice's own rules and today's date (`createBookingBodySchema`), so routes declare this
 * shape and check the body in the handler.
 */
export const BookingBodyShapeSchema = createBookingBodySchema({
  today: '2000-01-01',
  toShowInsurances: true,
  optionalInsuranceFields: ['groupNumber', 'subscriberPhone'],
});
