import { describe, expect, it } from 'vitest';
import { consentLedgerCsv } from './consent-ledger-csv.ts';
import type { LedgerEntry } from './consent-repository.ts';

const granted: LedgerEntry = {
  recorded_at: '2026-03-03T14:00:00.000Z',
  channel: 'email',
  recipient: 'ana@example.com',
  decision: 'granted',
  source: 'booking_form',
  words: 'I agree to receive messages from Test Practice, by e-mail and text',
  ip: '203.0.113.7',
  reference: 'K7M2Q9P',
};

describe('consentLedgerCsv', () => {
  it('writes the header, then each decision in the order given', () => {
    const stop: LedgerEntry = {
      ...granted,
      recorded_at: '2026-03-04T09:30:00.000Z',
      channel: 'sms',
      recipient: '+15125550123',
      decision: 'withdrawn',
      source: 'sms_reply',
      words: 'STOP',
      ip: null,
      reference: null,
    };
    expect(consentLedgerCsv([granted, stop]).split('\r\n')).toEqual([
      'recorded_at,channel,recipient,decision,source,words,ip,reference',
      '2026-03-03T14:00:00.000Z,email,ana@example.com,granted,booking_form,"I agree to receive ' +
        'messages from Test Practice, by e-mail and text",203.0.113.7,K7M2Q9P',
      // The phone gets an apostrophe: a spreadsheet would read +1… as a formula.
      "2026-03-04T09:30:00.000Z,sms,'+15125550123,withdrawn,sms_reply,STOP,,",
      '',
    ]);
  });

  it('writes a source it does not know as it is', () => {
    expect(consentLedgerCsv([{ ...granted, source: 'unsubscribe_link' }])).toContain(',granted,unsubscribe_link,');
  });
});
