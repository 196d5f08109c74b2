import { describe, expect, it } from 'vitest';
import { escapeLike, FOLD_FROM, FOLD_TO, foldName, readSearchQuery } from './staff-search-query.ts';

describe('readSearchQuery', () => {
  it.each([
    ['Ana.Lopez@Example.com', { kind: 'email', email: 'ana.lopez@example.com' }],
    ['(512) 555-0123', { kind: 'phone', digits: '5125550123' }],
    ['+1 512.555.0123', { kind: 'phone', digits: '15125550123' }],
    ['k7m-4pqr', { kind: 'reference', reference: 'K7M4PQR' }],
    ['Fayette', { kind: 'name_or_reference', reference: 'FAYETTE', terms: ['fayette'] }],
    ['  José   MUÑOZ ', { kind: 'name', terms: ['jose', 'munoz'] }],
    ['Lopez', { kind: 'name', terms: ['lopez'] }],
  ])('reads %j', (q, expected) => {
    expect(readSearchQuery(q)).toEqual(expected);
  });

  it('reads a single digit among letters as a name, not a phone', () => {
    expect(readSearchQuery('Ana 2').kind).toBe('name');
  });
});

describe('folding', () => {
  it('pairs every accented letter with one plain lower-case letter', () => {
    expect([...FOLD_FROM].length).toBe([...FOLD_TO].length);
    expect(foldName('ÉLODIE Øster Çelik Ñuñez')).toBe('elodie oster celik nunez');
  });

  it('escapes the LIKE wildcards', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
  });
});

describe('a birth date', () => {
  it.each([
    ['07/01/1985', '1985-07-01'],
    ['7/1/1985', '1985-07-01'],
    ['1985-07-01', '1985-07-01'],
    [' 12/31/2000 ', '2000-12-31'],
  ])('reads %j as the birth date %s', (q, dob) => {
    expect(readSearchQuery(q)).toEqual({ kind: 'dob', dob });
  });

  it('reads a day that does not exist as a phone, not a date', () => {
    expect(readSearchQuery('02/30/1990').kind).toBe('phone');
    expect(readSearchQuery('1990-13-01').kind).toBe('phone');
  });
});
