/**
 * What a mail or SMS adapter reports. Delivery problems are results, not exceptions: the caller
 * decides (a job retries when `retryable`), and nothing is swallowed.
 */
/** `code`: the provider's own error code where it gives one (Twilio's 21211), for the delivery record. */
export type DeliveryResult = { ok: true; id: string } | { ok: false; error: string; retryable: boolean; code?: string };

/**
 * Provider errors often quote the recipient ("550 <ann@example.com> unknown"); errors end up in
 * logs and the jobs table, which must hold no patient data, so addresses and numbers are masked.
 */
export function redactContacts(text: string): string {
  return text
    .replace(/[^\s<>()"',;:]+@[^\s<>()"',;:]+/g, '[address]')
    .replace(/\+?\d[\d\s().-]*\d/g, (match) => (match.replace(/\D/g, '').length >= 7 ? '[number]' : match));
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
