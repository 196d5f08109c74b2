import { describe, expect, it } from 'vitest';
import { addressLine, truncate } from './address-format.ts';

describe('addressLine', () => {
  it.each([
    [
      { display_address: '1 Plaza, Suite 2', pms_address1: '1 Plaza', city: 'Austin', state: 'TX', zip: '78701' },
      '1 Plaza, Suite 2',
    ],
    [{ display_address: '  ', pms_address1: '12 Main St', city: 'Austin', state: 'TX', zip: '78701' }, '12 Main St'],
    [{ display_address: null, pms_address1: null, city: 'Austin', state: 'TX', zip: '78701' }, 'Austin, TX, 78701'],
    [{ city: 'Austin', state: null, zip: '78701' }, 'Austin, 78701'],
    [{}, null],
  ])('reads %j as %j', (parts, line) => {
    expect(addressLine(parts)).toBe(line);
  });
});

describe('truncate', () => {
  it('keeps short text whole', () => {
    expect(truncate('Downtown', 32)).toEqual({ text: 'Downtown', isTruncated: false });
  });
  it('cuts long text at the limit with an ellipsis', () => {
    const result = truncate('A'.repeat(40), 32);
    expect(result).toEqual({ text: `${'A'.repeat(32)}…`, isTruncated: true });
  });
});
