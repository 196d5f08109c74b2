import { useMemo, useState } from 'react';
import type { BookingFormContext } from '#domain/booking/booking-form-schema.ts';
import type { FormDetails } from '#domain/practice/practice-schemas.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';

/** What the booking form's schema needs of the practice (pages 5 and 6), with today in the practice's zone. */
export function useBookingFormContext(form: FormDetails): BookingFormContext {
  const [today] = useState(() => localDateOf(Date.now(), form.server_tz));
  return useMemo<BookingFormContext>(
    () => ({
      today,
      toShowInsurances: form.to_show_insurances,
      optionalInsuranceFields: form.optional_insurance_fields,
      toVerifyPatient: form.to_verify_patient,
    }),
    [today, form.to_show_insurances, form.optional_insurance_fields, form.to_verify_patient],
  );
}
