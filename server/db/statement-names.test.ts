import { describe, expect, it } from 'vitest';
import { statementNamer } from './statement-names.ts';

describe('statementNamer', () => {
  it('gives a text the same name every time, and other texts other names', () => {
    const nameOf = statementNamer(10);
    const first = nameOf('select $1::int', [1]);
    expect(first).toBeDefined();
    expect(nameOf('select $1::int', [2])).toBe(first);
    expect(nameOf('select $1::text', ['a'])).not.toBe(first);
  });

  it('leaves statements without parameters unnamed: they may hold several statements', () => {
    expect(statementNamer(10)('create table a (id int); create table b (id int)', [])).toBeUndefined();
  });

  it('names at most `limit` texts, and keeps the names it gave', () => {
    const nameOf = statementNamer(2);
    const a = nameOf('select $1::int', [1]);
    const b = nameOf('select $1::text', ['b']);
    expect(nameOf('select $1::date', ['2026-01-01'])).toBeUndefined();
    expect([nameOf('select $1::int', [1]), nameOf('select $1::text', ['b'])]).toEqual([a, b]);
  });
});
