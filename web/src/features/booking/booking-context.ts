import { createContext, useContext } from 'react';
import type { FormDetails } from '#domain/practice/practice-schemas.ts';

export interface BookingContextValue {
  form: FormDetails;
  /** clinic_num from the query string, when it is a whole number. */
  clinicNum: number | null;
  /** rfv from the query string. */
  rfv: string | null;
  referrerId: string | null;
}

export const BookingContext = createContext<BookingContextValue | null>(null);

export function useBookingContext(): BookingContextValue {
  const value = useContext(BookingContext);
  if (!value) throw new Error('useBookingContext must be used inside the booking screen.');
  return value;
}
