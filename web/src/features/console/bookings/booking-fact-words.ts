import type { StaffAppointmentDetail } from '#domain/staff/staff-appointment-schemas.ts';
import { formatPhone } from '#domain/format/phone-format.ts';
import { instantText } from '../shared/console-dates.ts';

type Insurance = NonNullable<StaffAppointmentDetail['insurance']>;
type Consent = StaffAppointmentDetail['consent'][number];
type Message = StaffAppointmentDetail['messages'][number];

const textOf = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** The insurance a booking keeps (booking-schemas.ts), under the labels the front desk reads aloud (ADR 0067). */
const INSURANCE_LABELS: [key: string, label: string][] = [
  ['insurance', 'Carrier'],
  ['insurance_provider', 'Carrier named by the patient'],
  ['group_number', 'Group'],
  ['subscriber_id', 'Member ID'],
  ['subscribers_full_name', 'Subscriber'],
  ['subscribers_dob', 'Subscriber’s date of birth'],
  ['subscribers_phone', 'Subscriber’s phone'],
];
// Answers the form keeps that say nothing the fields above do not.
const INSURANCE_SILENT = new Set(['haveDentalInsurance']);

/** "Delta Dental, group G-77, subscriber Jane Doe (born 1990-04-02), member ID D-123": one line to read out. */
export function insuranceSummary(insurance: Insurance | null): string | null {
  if (!insurance) return null;
  const carrier = textOf(insurance.insurance_provider) ?? textOf(insurance.insurance);
  const born = textOf(insurance.subscribers_dob);
  const subscriber = textOf(insurance.subscribers_full_name);
  const parts = [
    carrier,
    textOf(insurance.group_number) && `group ${textOf(insurance.group_number)}`,
    subscriber && `subscriber ${subscriber}${born ? ` (born ${born})` : ''}`,
    textOf(insurance.subscriber_id) && `member ID ${textOf(insurance.subscriber_id)}`,
  ];
  return parts.filter(Boolean).join(', ') || null;
}

/** Each kept insurance answer as a labelled field in words; a key the labels do not know keeps its own name. */
export function insuranceFields(insurance: Insurance | null): [string, string][] {
  if (!insurance) return [];
  const known = new Map(INSURANCE_LABELS);
  const entries = Object.entries(insurance).filter(([key]) => !INSURANCE_SILENT.has(key));
  const order = (key: string) => INSURANCE_LABELS.findIndex(([k]) => k === key) + 1 || INSURANCE_LABELS.length + 1;
  return entries
    .sort(([a], [b]) => order(a) - order(b))
    .map(([key, value]): [string, string | null] => {
      const text = textOf(value) ?? (typeof value === 'number' ? String(value) : null);
      return [
        known.get(key) ?? key.replaceAll('_', ' '),
        key === 'subscribers_phone' && text ? formatPhone(text) : text,
      ];
    })
    .filter((entry): entry is [string, string] => entry[1] !== null);
}

const CHANNELS: Record<string, string> = { sms: 'Texts', email: 'E-mails' };
const SOURCES: Record<string, string> = {
  booking_form: 'on the booking form',
  verification_step: 'when verifying the booking',
  sms_reply: 'by a text reply',
  manage_page: 'on the manage page',
  staff: 'by phone, to staff',
  unsubscribe_link: 'by the unsubscribe link',
};

/**
 * Where the patient stands now on each channel, from the newest decision (the server lists them oldest first):
 * "Texts: allowed (on the booking form, …)" or, after STOP, "Texts: opted out on … (by a text reply)".
 */
export function consentFields(consent: readonly Consent[], timeZone: string): [string, string][] {
  const latest = new Map<string, Consent>();
  for (const decision of consent) latest.set(decision.channel, decision);
  return [...latest.values()].map((decision) => {
    const how = SOURCES[decision.source] ?? decision.source.replaceAll('_', ' ');
    const when = instantText(decision.at, timeZone);
    return [
      CHANNELS[decision.channel] ?? decision.channel,
      decision.granted ? `allowed (${how}, ${when})` : `opted out on ${when} (${how})`,
    ];
  });
}

const KINDS: Record<string, string> = {
  'booking-confirmation': 'Booking confirmation',
  'booking-notification': 'Notice to the office',
  'booking-paid': 'Payment received',
  'booking-unpaid': 'Payment not completed',
  'booking-confirmed-notice': 'Visit confirmed',
  'manage-cancel': 'Cancellation',
  'manage-reschedule': 'New time',
  reminder: 'Reminder',
  'review-request': 'Review request',
};

const DELIVERY: Record<string, string> = {
  queued: 'waiting to be sent',
  sent: 'sent',
  delivered: 'delivered',
  undelivered: 'not delivered',
  failed: 'failed',
  skipped: 'not sent',
};

/** A message of the history in words: "Reminder", "by text", "(512) 555-0100", "delivered". */
export function messageWords(message: Message) {
  const kind = message.kind.replaceAll('_', '-');
  const fallback = kind.replaceAll('-', ' ');
  return {
    what: KINDS[kind] ?? fallback.charAt(0).toUpperCase() + fallback.slice(1),
    by: message.channel === 'sms' ? 'by text' : 'by e-mail',
    to: message.channel === 'sms' ? formatPhone(message.recipient) : message.recipient,
    delivery: DELIVERY[message.status] ?? message.status,
  };
}
