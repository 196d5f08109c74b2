import { describe, expect, it } from 'vitest';
import { practiceConfig } from '../../test/practice-factory.ts';
import { withPracticesApp, withSignedInStaff } from '../../test/staff-test-app.ts';

// A deployment without Stripe and Twilio (ADR 0029): the console cannot save what the next start would refuse.
const ctx = withPracticesApp([practiceConfig()], {
  config: { offers: { texts: false, payments: false } },
});
const owner = withSignedInStaff(ctx, 'owner');

describe('settings this deployment cannot serve', () => {
  it('refuses a paid reason without payments and a texting sender without texts, keyed by their paths', async () => {
    const { version, practice } = (await owner.get('/api/v1/staff/settings')).json().result;
    const reasons = [...practice.reasons, { name: 'Whitening', amount: 75, is_payment_enabled: true }];
    const response = await owner.request({
      method: 'PUT',
      url: '/api/v1/staff/settings',
      payload: { version, practice: { ...practice, reasons, sms_from: '+15125550100' } },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(Object.keys(response.json().fields)).toEqual(['reasons[1].is_payment_enabled', 'sms_from']);
    expect(response.json().fields['reasons[1].is_payment_enabled']).toContain('takes no card payments');
    expect((await owner.get('/api/v1/staff/settings')).json().result.version).toBe(version);
  });
});
