import type { QueryClient } from '@tanstack/react-query';
import { WIRE_TO_FORM_FIELD } from '#domain/booking/booking-schemas.ts';
import * as bookingTexts from '#domain/booking/booking-texts.messages.ts';
import { ApiError, isUnknownApiError } from '../../../lib/api-client.ts';
import { translate } from '../../../lib/i18n/use-messages.ts';
import { showErrorToast } from '../../../lib/toast.ts';
import { SLOTS_QUERY_ROOT } from '../api/slots-api.ts';
import { goToPage } from '../navigation/step-actions.ts';
import { PAGE } from '../navigation/step-rules.ts';
import { useBookingStore } from '../state/booking-store.ts';
import { useUiStore } from '../state/ui-store.ts';
import * as slotStepMessages from '../steps/slot-step.messages.ts';
import type { ContactFormValues } from './contact-form-values.ts';

/** Shows the server's messages at their fields (all at once, so focusing one does not re-validate another). */
export type ShowFieldErrors = (errors: [field: keyof ContactFormValues, message: string][]) => void;

/**
 * Spec sections 4 and 8: what a refused booking shows. A taken or unavailable slot sends the
 * patient back to pick another time (everything typed stays); field errors go to their fields;
 * the toast says the server's message, or 'Something went wrong'.
 */
export function showBookingFailure(error: unknown, queryClient: QueryClient, showFieldErrors: ShowFieldErrors): void {
  if (!(error instanceof ApiError)) {
    console.error('The booking could not be sent', error);
    showErrorToast(null);
    return;
  }
  if (error.code === 'SLOT_TAKEN' || error.code === 'SLOT_UNAVAILABLE') {
    const isTaken = error.code === 'SLOT_TAKEN';
    const refusedDate = useBookingStore.getState().patientFormDetails.bookingSlotDetails?.date ?? null;
    useBookingStore.getState().resetSlot();
    useUiStore.getState().setSlotRefusal(isTaken ? 'taken' : 'unavailable', refusedDate);
    void queryClient.invalidateQueries({ queryKey: [SLOTS_QUERY_ROOT] });
    showErrorToast(isTaken ? translate(slotStepMessages, 'slotTaken') : translate(bookingTexts, 'slotUnavailable'));
    goToPage(PAGE.slot);
    return;
  }
  if (error.code === 'VALIDATION_FAILED' && error.fields) showFieldErrors(fieldErrorsOf(error.fields));
  showErrorToast(isUnknownApiError(error) ? null : error.message);
}

function fieldErrorsOf(fields: Record<string, string>): [keyof ContactFormValues, string][] {
  const errors: [keyof ContactFormValues, string][] = [];
  for (const [wireName, message] of Object.entries(fields)) {
    const field = WIRE_TO_FORM_FIELD[wireName];
    if (field) errors.push([field as keyof ContactFormValues, message]);
  }
  return errors;
}
