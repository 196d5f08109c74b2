import { describe, expect, it } from 'vitest';
import type { PartialContactValues } from './contact-form-values.ts';
import { maskId, maskInsuranceName, maskName, maskPhone, maskUsDate } from './input-masks.ts';
import { canSubmitContactForm, isCompleteDate, isValidBirthDate, submitLabel, type SubmitContext } from './submit-rules.ts';

const context: SubmitContext = { today: '2026-11-22', toShowInsurances: false, toVerifyPatient: false, optionalInsuranceFields: [] };
const ready: PartialContactValues = {
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane@example.com',
  phone: '5125550100',
  dob: '04/12/1988',
  agreeTextAndEmail: true,
  bookingForSomeOne: false,
};
const insured: PartialContactValues = {
  ...ready,
  haveDentalInsurance: 'Yes',
  insurance: { label: 'Cigna', value: '2' },
  subscribersFullName: 'Jane Doe',
  subscriberDOB: '04/12/1988',
  subscriberID: 'C-1',
  groupNumber: 'G1',
  subscriberPhone: '5125550101',
};
const withInsurance: SubmitContext = { ...context, toShowInsurances: true, optionalInsuranceFields: ['groupNumber', 'subscriberPhone'] };

describe('canSubmitContactForm (spec section 5)', () => {
  it('is enabled once the basic fields, a valid birth date and the consent are there', () => {
    expect(canSubmitContactForm(ready, context)).toBe(true);
  });

  it.each([
    ['an empty first name', { firstName: ' ' }],
    ['an empty last name', { lastName: '' }],
    ['an empty email', { email: '' }],
    ['an empty phone', { phone: '' }],
    ['a partial birth date', { dob: '04/12/19' }],
    ['an impossible birth date', { dob: '02/30/1988' }],
    ['a birth date of today', { dob: '11/22/2026' }],
    ['no consent', { agreeTextAndEmail: false }],
  ])('is disabled with %s', (_, change) => {
    expect(canSubmitContactForm({ ...ready, ...change }, context)).toBe(false);
  });

  it('does not need the consent when the practice verifies patients (it is on page 6)', () => {
    expect(canSubmitContactForm({ ...ready, agreeTextAndEmail: false }, { ...context, toVerifyPatient: true })).toBe(true);
  });

  it('needs the companion names and a valid companion birth date when booking for someone else', () => {
    const forOther = { ...ready, bookingForSomeOne: true, companionFirstName: 'Mary', companionLastName: 'Doe', companionDOB: '01/02/1960' };
    expect(canSubmitContactForm(forOther, context)).toBe(true);
    expect(canSubmitContactForm({ ...forOther, companionFirstName: '' }, context)).toBe(false);
    expect(canSubmitContactForm({ ...forOther, companionLastName: '' }, context)).toBe(false);
    expect(canSubmitContactForm({ ...forOther, companionDOB: '13/02/1960' }, context)).toBe(false);
  });

  it('needs an insurance answer when insurance is shown; No is enough', () => {
    expect(canSubmitContactForm(ready, withInsurance)).toBe(false);
    expect(canSubmitContactForm({ ...ready, haveDentalInsurance: 'No' }, withInsurance)).toBe(true);
  });

  it('with insurance Yes needs every subscriber field, the configured optional ones, and the provider for Other', () => {
    expect(canSubmitContactForm(insured, withInsurance)).toBe(true);
    for (const field of ['insurance', 'subscribersFullName', 'subscriberID', 'groupNumber', 'subscriberPhone'] as const) {
      expect(canSubmitContactForm({ ...insured, [field]: field === 'insurance' ? null : '' }, withInsurance), field).toBe(false);
    }
    expect(canSubmitContactForm({ ...insured, subscriberDOB: '99/99/9999' }, withInsurance)).toBe(false);
    // Group number and subscriber phone are needed only when the practice lists them.
    expect(canSubmitContactForm({ ...insured, groupNumber: '', subscriberPhone: '' }, { ...withInsurance, optionalInsuranceFields: [] })).toBe(true);
    const other = { ...insured, insurance: { label: 'Other', value: 'Other' } };
    expect(canSubmitContactForm(other, withInsurance)).toBe(false);
    expect(canSubmitContactForm({ ...other, insuranceProvider: 'Acme' }, withInsurance)).toBe(true);
  });
});

describe('submitLabel (spec section 2 page 5)', () => {
  it.each([
    [{ toVerifyPatient: true, isPaymentEnabled: true, isSubmitting: false }, 'Next'],
    [{ toVerifyPatient: false, isPaymentEnabled: true, isSubmitting: false }, 'Pay & Schedule'],
    [{ toVerifyPatient: false, isPaymentEnabled: false, isSubmitting: true }, 'Submitting'],
    [{ toVerifyPatient: false, isPaymentEnabled: false, isSubmitting: false }, 'Submit'],
  ])('%o reads %s', (options, label) => {
    expect(submitLabel(options)).toBe(label);
  });
});

describe('dates and input masks', () => {
  it('judges only complete dates, and only real ones before today', () => {
    expect(isCompleteDate('04/12/198')).toBe(false);
    expect(isCompleteDate('04/12/1988')).toBe(true);
    expect(isValidBirthDate('04/12/1988', '2026-11-22')).toBe(true);
    expect(isValidBirthDate('11/21/2026', '2026-11-22')).toBe(true);
    expect(isValidBirthDate('11/22/2026', '2026-11-22')).toBe(false);
    expect(isValidBirthDate('02/29/2023', '2026-11-22')).toBe(false);
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
