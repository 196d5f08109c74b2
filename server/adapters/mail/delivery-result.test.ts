import { describe, expect, it } from 'vitest';
import { redactContacts } from './delivery-result.ts';

describe('redactContacts', () => {
  it('masks e-mail addresses and phone numbers but keeps status codes', () => {
    expect(redactContacts('550 5.1.1 <ann.patient@example.com>: mailbox unavailable')).toBe(
      '550 5.1.1 <[address]>: mailbox unavailable',
    );
    expect(redactContacts("The 'To' number +1 (212) 555-0100 is not valid (error 21211)")).toBe(
      "The 'To' number [number] is not valid (error 21211)",
    );
  });
});
