import {
  createBookingFormSchema,
  type BookingForm,
  type BookingFormContext,
} from '#domain/booking/booking-form-schema.ts';
import { contactFormValues } from '../contact/contact-form-values.ts';
import { useBookingStore } from '../state/booking-store.ts';

/** Page 5's values as stored (spec section 3), checked by the same schema; null when something is missing. */
export function storedBookingForm(context: BookingFormContext): BookingForm | null {
  const state = useBookingStore.getState();
  const parsed = createBookingFormSchema(context).safeParse(
    contactFormValues(state.patientFormDetails, state.formSecurity.hp),
  );
  return parsed.success ? parsed.data : null;
}
