import { describe, expect, it } from 'vitest';
import { formatPhone, phoneHref } from './phone-format.ts';

describe('formatPhone', () => {
  it.each([
    ['5125550100', '(512) 555-0100'],
    ['512-555-0100', '(512) 555-0100'],
    ['(512) 555 0100', '(512) 555-0100'],
    ['+1 512 555 0100', '(512) 555-0100'],
    ['+15125550100', '(512) 555-0100'],
    ['15125550100', '(512) 555-0100'],
    ['+44 20 7946 0958', '+44 20 7946 0958'],
    ['25125550100', '25125550100'],
    ['555-0100', '555-0100'],
    ['', ''],
  ])('shows %j as %j (one pattern for a North American number, stored or typed; ADR 0067)', (input, shown) => {
    expect(formatPhone(input)).toBe(shown);
  });
});

describe('phoneHref', () => {
  it.each([
    ['(512) 555-0100', 'tel:5125550100'],
    ['+1 415 555 0199', 'tel:+14155550199'],
  ])('dials %j as %j', (input, href) => {
    expect(phoneHref(input)).toBe(href);
  });
});
