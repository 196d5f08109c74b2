import { describe, expect, it } from 'vitest';
import { maskId, maskInsuranceName, maskName, maskPhone, maskUsDate } from './input-masks.ts';
import { translate } from '../../../lib/i18n/use-messages.ts';
import * as messages from './contact-form.messages.ts';
import { isCompleteDate, submitLabel } from './submit-rules.ts';

describe('submitLabel (spec section 2 page 5)', () => {
  it.each([
    [{ toVerifyPatient: true, isPaymentEnabled: true, isSubmitting: false }, 'Next'],
    [{ toVerifyPatient: false, isPaymentEnabled: true, isSubmitting: false }, 'Pay & Schedule'],
    [{ toVerifyPatient: false, isPaymentEnabled: false, isSubmitting: true }, 'Submitting'],
    [{ toVerifyPatient: false, isPaymentEnabled: false, isSubmitting: false }, 'Submit'],
  ])('%o reads %s', (options, label) => {
    expect(translate(messages, submitLabel(options))).toBe(label);
  });
});

describe('dates and input masks', () => {
  it('judges only complete dates', () => {
    expect(isCompleteDate('04/12/198')).toBe(false);
    expect(isCompleteDate('04/12/1988')).toBe(true);
  });

  it('masks as typed', () => {
    expect(maskUsDate('0')).toBe('0');
    expect(maskUsDate('041')).toBe('04/1');
    expect(maskUsDate('04121988')).toBe('04/12/1988');
    expect(maskUsDate('04/12/19881')).toBe('04/12/1988');
    expect(maskName("Jo3hn O'Neil-Ávila")).toBe("John O'Neil-Ávila");
    expect(maskName('Zoë 2 José')).toBe('Zoë José');
    expect(maskName('x'.repeat(120))).toHaveLength(100);
    expect(maskInsuranceName('Delta 2000')).toBe('Delta 2000');
    expect(maskPhone('+1 (512) 555-0100')).toBe('+15125550100');
    expect(maskPhone('5+12')).toBe('512');
    expect(maskPhone('1'.repeat(30))).toHaveLength(20);
    expect(maskId('ab 12/-3')).toBe('ab12-3');
  });
});
