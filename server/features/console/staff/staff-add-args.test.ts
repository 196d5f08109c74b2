import { describe, expect, it } from 'vitest';
import { parseStaffAddArgs } from './staff-add-args.ts';

describe('npm run staff:add arguments', () => {
  it('read the practice, e-mail, role and optional name', () => {
    expect(
      parseStaffAddArgs([
        '--practice',
        'bright-smile',
        '--email',
        'ann@example.com',
        '--role',
        'owner',
        '--name',
        'Ann Lee',
      ]),
    ).toEqual({
      ok: true,
      args: { formUrl: 'bright-smile', email: 'ann@example.com', role: 'owner', name: 'Ann Lee' },
    });
    expect(parseStaffAddArgs(['--practice=x', '--email=a@b.co', '--role=operator'])).toMatchObject({
      ok: true,
      args: { role: 'operator', name: null },
    });
  });

  it('name what is missing or wrong, with the usage', () => {
    const missing = parseStaffAddArgs(['--practice', 'x']);
    expect(missing).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Missing --email, --role\n\nUsage: npm run staff:add/),
    });
    expect(parseStaffAddArgs(['--practice', 'x', '--email', 'a@b.co', '--role', 'admin'])).toEqual({
      ok: false,
      message: 'Unknown role "admin": use owner, front_desk or operator.',
    });
    expect(parseStaffAddArgs(['--practice', 'x', '--mail', 'a@b.co'])).toMatchObject({
      ok: false,
      message: expect.stringMatching(/Unknown option '--mail'/),
    });
    expect(parseStaffAddArgs(['stray'])).toMatchObject({ ok: false });
  });
});
