/**
 * Spec section 2: clinic selection comes first for a multi-clinic practice when no clinic is chosen
 * and no rfv is given.
 */
export function isClinicChoiceFirst(options: {
  clinicSetUp: boolean;
  hasClinic: boolean;
  rfv: string | null;
}): boolean {
  return options.clinicSetUp && !options.hasClinic && !options.rfv;
}

/** clinic_num from the query string, when it is a whole number. */
export function parseClinicNum(value: string | null): number | null {
  return value !== null && /^\d{1,9}$/.test(value) ? Number(value) : null;
}
