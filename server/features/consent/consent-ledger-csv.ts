import { toCsv } from '#domain/format/csv-format.ts';
import type { LedgerEntry } from './consent-repository.ts';

/** The export's columns, named as the ledger's own (ADR 0033), so the file reads without a key. */
export const CONSENT_LEDGER_HEADER = [
  'recorded_at',
  'channel',
  'recipient',
  'decision',
  'source',
  'words',
  'ip',
  'reference',
] as const;

/**
 * A practice's consent ledger as CSV, one line per decision in the order given; empty cells for no ip or no booking.
 */
export function consentLedgerCsv(entries: readonly LedgerEntry[]): string {
  return toCsv(
    CONSENT_LEDGER_HEADER,
    entries.map((e) => [e.recorded_at, e.channel, e.recipient, e.decision, e.source, e.words, e.ip, e.reference]),
  );
}
