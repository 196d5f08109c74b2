import { describe, expect, it } from 'vitest';
import { canSubmitBookingForm, createBookingFormSchema, type BookingFormContext } from './booking-form-schema.ts';

const context: BookingFormContext = {
  today: '2026-11-22',
  toShowInsurances: false,
  toVerifyPatient: false,
  optionalInsuranceFields: [],
};
const ready = {
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane@example.com',
  phone: '5125550100',
  dob: '04/12/1988',
  patientStatus: 'New Patient',
  agreeTextAndEmail: true,
  bookingForSomeOne: false,
};
const insured = {
  ...ready,
  haveDentalInsurance: 'Yes',
  insurance: { label: 'Cigna', value: '2' },
  subscribersFullName: 'Jane Doe',
  subscriberDOB: '04/12/1988',
  subscriberID: 'C-1',
  groupNumber: 'G1',
  subscriberPhone: '5125550101',
};
const withInsurance: BookingFormContext = {
  ...context,
  toShowInsurances: true,
  optionalInsuranceFields: ['groupNumber', 'subscriberPhone'],
};
const canSubmit = (values: Record<string, unknown>, rules = context) =>
  canSubmitBookingForm(createBookingFormSchema(rules), values);

describe('canSubmitBookingForm: the page-5 submit button (spec section 5)', () => {
  it('is enabled once the basic fields, a valid birth date and the consent are there', () => {
    expect(canSubmit(ready)).toBe(true);
  });

  it.each([
    ['an empty first name', { firstName: ' ' }],
    ['no last name at all', { lastName: undefined }],
    ['an empty email', { email: '' }],
    ['an empty phone', { phone: '' }],
    ['a partial birth date', { dob: '04/12/19' }],
    ['an impossible birth date', { dob: '02/30/1988' }],
    ['a birth date of today', { dob: '11/22/2026' }],
    ['no consent', { agreeTextAndEmail: false }],
  ])('is disabled with %s', (_, change) => {
    expect(canSubmit({ ...ready, ...change })).toBe(false);
  });

  it('leaves an e-mail format and the visited-before question to the messages shown on submit', () => {
    const schema = createBookingFormSchema(context);
    for (const change of [{ email: 'jane' }, { patientStatus: undefined }]) {
      expect(schema.safeParse({ ...ready, ...change }).success).toBe(false);
      expect(canSubmit({ ...ready, ...change })).toBe(true);
    }
  });

  it('does not need the consent when the practice verifies patients (it is on page 6)', () => {
    expect(canSubmit({ ...ready, agreeTextAndEmail: false }, { ...context, toVerifyPatient: true })).toBe(true);
  });

  it('needs the companion names and a valid companion birth date when booking for someone else', () => {
    const forOther = {
      ...ready,
      bookingForSomeOne: true,
      companionFirstName: 'Mary',
      companionLastName: 'Doe',
      companionDOB: '01/02/1960',
    };
    expect(canSubmit(forOther)).toBe(true);
    expect(canSubmit({ ...forOther, companionFirstName: '' })).toBe(false);
    expect(canSubmit({ ...forOther, companionLastName: '' })).toBe(false);
    expect(canSubmit({ ...forOther, companionDOB: '13/02/1960' })).toBe(false);
  });

  it('needs an insurance answer when insurance is shown; No is enough', () => {
    expect(canSubmit(ready, withInsurance)).toBe(false);
    expect(canSubmit({ ...ready, haveDentalInsurance: 'No' }, withInsurance)).toBe(true);
  });

  it('with insurance Yes needs every subscriber field, the configured optional ones, the provider for Other', () => {
    expect(canSubmit(insured, withInsurance)).toBe(true);
    for (const field of [
      'insurance',
      'subscribersFullName',
      'subscriberID',
      'groupNumber',
      'subscriberPhone',
    ] as const) {
      expect(canSubmit({ ...insured, [field]: field === 'insurance' ? null : '' }, withInsurance), field).toBe(false);
    }
    expect(canSubmit({ ...insured, subscriberDOB: '99/99/9999' }, withInsurance)).toBe(false);
    // Group number and subscriber phone are needed only when the practice lists them.
    expect(
      canSubmit(
        { ...insured, groupNumber: '', subscriberPhone: '' },
        { ...withInsurance, optionalInsuranceFields: [] },
      ),
    ).toBe(true);
    const other = { ...insured, insurance: { label: 'Other', value: 'Other' } };
    expect(canSubmit(other, withInsurance)).toBe(false);
    expect(canSubmit({ ...other, insuranceProvider: 'Acme' }, withInsurance)).toBe(true);
  });
});
