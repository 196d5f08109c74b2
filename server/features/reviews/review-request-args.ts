import { parseCommandFlags } from '../../cli/command-flags.ts';
import type { CreateReviewRequestInput } from '#domain/reviews/review-request-schemas.ts';

export const REVIEW_REQUEST_USAGE = `Usage: npm run review:request -- --practice <form_url>
         --first-name <name> --last-name <name>
         [--email <address>] [--phone <number>] [--appointment <appointment id>] [--consented] [--send]

  --send        send the link now by e-mail and/or SMS (the running server's worker delivers it)
  --consented   the patient agreed to receive text and email from the practice; --send needs it
                unless the contacts come from a consented booking (--appointment)
Prints the review URL.`;

export type ReviewRequestArgs = { ok: true; body: CreateReviewRequestInput } | { ok: false; message: string };

/** `npm run review:request` arguments → the admin API's body, so both go through one schema. */
export function parseReviewRequestArgs(argv: string[]): ReviewRequestArgs {
  const flags = parseCommandFlags(argv, {
    options: {
      practice: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      email: { type: 'string' },
      phone: { type: 'string' },
      appointment: { type: 'string' },
      consented: { type: 'boolean', default: false },
      send: { type: 'boolean', default: false },
    },
    usage: REVIEW_REQUEST_USAGE,
    required: ['practice', 'first-name', 'last-name'],
  });
  if (!flags.ok) return flags;
  const { values } = flags;
  return {
    ok: true,
    body: {
      form_url: values.practice!,
      patient_first_name: values['first-name']!,
      patient_last_name: values['last-name']!,
      email: values.email ?? null,
      wireless_phone: values.phone ?? null,
      appointment_id: values.appointment ?? null,
      is_concented: values.consented,
      send: values.send,
    },
  };
}
