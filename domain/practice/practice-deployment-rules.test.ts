import { describe, expect, it } from 'vitest';
import { findDeploymentProblems } from './practice-deployment-rules.ts';

const practices = [
  { form_url: 'free-dental', reasons: [{ name: 'Exam', is_payment_enabled: false }] },
  {
    form_url: 'paid-dental',
    reasons: [
      { name: 'Exam', is_payment_enabled: false },
      { name: 'Whitening', is_payment_enabled: true },
    ],
  },
];

describe('a practice configuration on this deployment', () => {
  it('refuses a paid reason when the server takes no card payments, naming the practice and the reason', () => {
    expect(findDeploymentProblems(practices, { texts: true, payments: false })).toEqual([
      'practices[1].reasons[1].is_payment_enabled: practice "paid-dental" offers the paid reason "Whitening", ' +
        'but this server takes no card payments (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are not set): ' +
        'configure Stripe, or turn is_payment_enabled off for this reason',
    ]);
  });

  it('accepts paid reasons where payments are taken, and free practices anywhere', () => {
    expect(findDeploymentProblems(practices, { texts: false, payments: true })).toEqual([]);
    expect(findDeploymentProblems(practices.slice(0, 1), { texts: false, payments: false })).toEqual([]);
  });

  it('refuses a practice’s own texting sender when the server sends no texts (ADR 0079)', () => {
    const texting = [{ form_url: 'texting-dental', reasons: [], sms_from: '+15125550100' }];
    expect(findDeploymentProblems(texting, { texts: false, payments: true })).toEqual([
      'practices[0].sms_from: practice "texting-dental" has its own texting sender, but this server sends no texts ' +
        '(TWILIO_ACCOUNT_SID is not set): configure Twilio, or set sms_from to null',
    ]);
    expect(findDeploymentProblems(texting, { texts: true, payments: true })).toEqual([]);
  });
});
