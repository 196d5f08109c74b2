import { describe, expect, it } from 'vitest';
import { parseReviewRequestArgs } from './review-request-args.ts';

describe('parseReviewRequestArgs', () => {
  it('maps the options to the admin API body', () => {
    const options =
      '--practice bright-smile --first-name Ana --last-name Lopez --email ana@example.com --phone 5125550123';
    const args = parseReviewRequestArgs([...options.split(' '), '--consented', '--send']);
    expect(args).toEqual({
      ok: true,
      body: {
        form_url: 'bright-smile',
        patient_first_name: 'Ana',
        patient_last_name: 'Lopez',
        email: 'ana@example.com',
        wireless_phone: '5125550123',
        appointment_id: null,
        is_concented: true,
        send: true,
      },
    });
  });

  it('sends nothing and claims no consent unless told', () => {
    const args = parseReviewRequestArgs(['--practice', 'bright-smile', '--first-name', 'Ana', '--last-name', 'Lopez']);
    expect(args).toMatchObject({
      ok: true,
      body: { email: null, wireless_phone: null, is_concented: false, send: false },
    });
  });

  it('names the missing options and shows the usage', () => {
    const args = parseReviewRequestArgs(['--practice', 'bright-smile']);
    expect(args.ok).toBe(false);
    if (!args.ok) {
      expect(args.message).toMatch(/^Missing --first-name, --last-name\n/);
      expect(args.message).toContain('Usage: npm run review:request');
    }
  });

  it('refuses an unknown option', () => {
    const args = parseReviewRequestArgs(['--practice', 'x', '--first-name', 'A', '--last-name', 'B', '--sms']);
    expect(args).toMatchObject({ ok: false, message: expect.stringContaining("Unknown option '--sms'") });
  });
});
