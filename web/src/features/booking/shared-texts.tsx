import type { ConsentPlace } from '#domain/booking/booking-texts.ts';
import * as messages from '#domain/booking/booking-texts.messages.ts';
import { useMessages } from '../../lib/i18n/use-messages.ts';
import { ChoiceHint } from './navigation/choice-hint.tsx';

/**
 * The sentences the page shares with the server (domain/booking/booking-texts.messages.ts), in the
 * patient's language.
 */

/** The consent box's words: page 5 has no full stop, page 6 has one (spec sections 2 and 3). */
export function ConsentWords({ place, practiceName }: { place: ConsentPlace; practiceName: string }) {
  const t = useMessages(messages);
  return place === 'verification_step'
    ? t('consentVerificationStep', { practice: practiceName })
    : t('consentBookingForm', { practice: practiceName });
}

/** Spec section 5: the slot step's hint while no slot is chosen. */
export function SlotRequiredHint() {
  const t = useMessages(messages);
  return <ChoiceHint message={t('slotRequired')} />;
}

/** The chosen time can no longer be booked (422 SLOT_UNAVAILABLE), as the server says it. */
export function SlotUnavailableText() {
  const t = useMessages(messages);
  return t('slotUnavailable');
}
