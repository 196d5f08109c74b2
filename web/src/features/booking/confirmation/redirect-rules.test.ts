import { describe, expect, it } from 'vitest';
import { redirectPlan } from './redirect-rules.ts';

const form = { to_redirect: false, redirection_delay: 0, redirection_url: null, ref_redirection_url: null };

describe('redirectPlan (spec section 4)', () => {
  it('does not redirect by default', () => {
    expect(redirectPlan(form)).toBeNull();
    expect(redirectPlan({ ...form, redirection_url: 'https://practice.example' })).toBeNull();
  });

  it('uses redirection_delay with to_redirect, and 5 s when the delay is 0', () => {
    expect(
      redirectPlan({ ...form, to_redirect: true, redirection_url: 'https://practice.example', redirection_delay: 8 }),
    ).toEqual({ url: 'https://practice.example', seconds: 8 });
    expect(redirectPlan({ ...form, to_redirect: true, redirection_url: 'https://practice.example' })).toEqual({
      url: 'https://practice.example',
      seconds: 5,
    });
  });

  it('always sends a referral on after 5 s, ahead of the redirection url', () => {
    const plan = redirectPlan({
      ...form,
      to_redirect: true,
      redirection_url: 'https://practice.example',
      redirection_delay: 9,
      ref_redirection_url: 'https://partner.example',
    });
    expect(plan).toEqual({ url: 'https://partner.example', seconds: 5 });
  });
});
