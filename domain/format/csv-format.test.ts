import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toCsv } from './csv-format.ts';

/** A strict RFC 4180 reader, only for these tests: every record ends with CRLF. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  while (i < text.length) {
    let cell = '';
    if (text[i] === '"') {
      for (i++; !(text[i] === '"' && text[i + 1] !== '"'); i++) {
        if (i >= text.length) throw new Error('unclosed quote');
        if (text[i] === '"') i++;
        cell += text[i];
      }
      i++;
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r') cell += text[i++];
    }
    record.push(cell);
    if (text[i] === ',') i++;
    else if (text.startsWith('\r\n', i)) {
      records.push(record);
      record = [];
      i += 2;
    } else throw new Error(`unexpected ${JSON.stringify(text[i])} at ${i}`);
  }
  return records;
}

describe('toCsv', () => {
  it('writes the header and each row, every line ended by CRLF', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['1', 'two'],
          [3, null],
        ],
      ),
    ).toBe('a,b\r\n1,two\r\n3,\r\n');
  });

  it('writes only the header for no rows', () => {
    expect(toCsv(['recorded_at', 'channel'], [])).toBe('recorded_at,channel\r\n');
  });

  it.each([
    ['say "hi"', '"say ""hi"""'],
    ['Lopez, Ana', '"Lopez, Ana"'],
    ['line one\nline two', '"line one\nline two"'],
    ['line one\r\nline two', '"line one\r\nline two"'],
    ['plain words', 'plain words'],
    ['', ''],
  ])('quotes %j as RFC 4180 asks: %j', (cell, written) => {
    expect(toCsv(['x'], [[cell]])).toBe(`x\r\n${written}\r\n`);
  });

  it.each([
    ['=HYPERLINK("http://evil.example","click")', `"'=HYPERLINK(""http://evil.example"",""click"")"`],
    ['+15125550123', "'+15125550123"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', `"'\r=1+1"`],
    ['a=1', 'a=1'],
  ])('keeps %j from running as a formula: %j', (cell, written) => {
    expect(toCsv(['x'], [[cell]])).toBe(`x\r\n${written}\r\n`);
  });

  it('writes numbers as numbers, a negative one without an apostrophe', () => {
    expect(toCsv(['n'], [[-5], [0.25]])).toBe('n\r\n-5\r\n0.25\r\n');
  });

  it('refuses a row whose length differs from the header', () => {
    expect(() => toCsv(['a', 'b'], [['only one']])).toThrow('CSV row 1 has 1 cells, the header 2');
  });

  it('reads back as the cells written, an apostrophe before each formula start', () => {
    const cells = fc.string({
      unit: fc.constantFrom('a', ' ', ',', '"', '\r', '\n', '=', '+', '-', '@', '\t', "'", 'é'),
    });
    fc.assert(
      fc.property(fc.array(fc.tuple(cells, cells), { maxLength: 5 }), (rows) => {
        const expected = rows.map((row) => row.map((cell) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell)));
        expect(parseCsv(toCsv(['first', 'second'], rows))).toEqual([['first', 'second'], ...expected]);
      }),
    );
  });
});
