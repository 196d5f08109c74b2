import { describe, expect, it } from 'vitest';
import { parseCommandFlags } from './command-flags.ts';

const command = {
  options: { practice: { type: 'string' }, note: { type: 'string' }, send: { type: 'boolean', default: false } },
  usage: 'Usage: npm run example',
  required: ['practice'],
} as const;

describe("an operator command's flags", () => {
  it('reads text and boolean flags', () => {
    expect(parseCommandFlags(['--practice', 'x', '--send'], command)).toEqual({
      ok: true,
      values: { practice: 'x', send: true, help: false },
    });
  });

  it('trims text values only when asked, so blanks count as missing then', () => {
    expect(parseCommandFlags(['--practice', ' x ', '--note', ' hi '], command)).toMatchObject({
      ok: true,
      values: { practice: ' x ', note: ' hi ' },
    });
    expect(parseCommandFlags(['--practice', ' x ', '--note', ' hi '], { ...command, isTrimmed: true })).toMatchObject({
      ok: true,
      values: { practice: 'x', note: 'hi' },
    });
    expect(parseCommandFlags(['--practice', '  '], { ...command, isTrimmed: true })).toEqual({
      ok: false,
      message: 'Missing --practice\n\nUsage: npm run example',
    });
  });

  it('answers --help and an unknown flag with the usage', () => {
    expect(parseCommandFlags(['--help'], command)).toEqual({ ok: false, message: 'Usage: npm run example' });
    expect(parseCommandFlags(['--pratice', 'x'], command)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/Unknown option '--pratice'[\s\S]*\n\nUsage: npm run example$/),
    });
  });
});
