import { describe, expect, it } from 'vitest';
import {
  createBookingFormSchema,
  toBookingBody,
  type BookingForm,
  type BookingFormContext,
  type BookingSelection,
} from './booking-form-schema.ts';
import { createBookingBodySchema, WIRE_TO_FORM_FIELD } from './booking-schemas.ts';

/**
 * The page-5 form and the wire body are two schemas over the same field rules. These tests hold
 * them to one answer: whatever the form accepts, the server accepts once mapped by
 * `toBookingBody`; whatever the form refuses at a field, the server refuses at the wire field
 * that maps back to it (so a 422 lands its message where the patient typed).
 */

const context: BookingFormContext = {
  today: '2026-03-02',
  toShowInsurances: true,
  optionalInsuranceFields: ['groupNumber', 'subscriberPhone'],
  toVerifyPatient: false,
};

const selection: BookingSelection = {
  practiceId: '5b0b7c4e-8f43-4c51-9d5c-0a4b1c2d3e4f',
  reasonForVisitId: '0d7a2c7e-1b2f-4f7e-8d3e-6a5b4c3d2e1f',
  pmsProvNum: 1,
  pmsOpNum: 2,
  slot: { date: '2026-03-04', startTime: '09:00:00', endTime: '09:30:00' },
};

const validForm = {
  firstName: 'Ana',
  lastName: 'Lopez',
  email: 'ana@example.com',
  phone: '+15125550123',
  dob: '04/12/1990',
  message: '',
  patientStatus: 'New Patient',
  bookingForSomeOne: false,
  companionFirstName: '',
  companionLastName: '',
  companionDOB: '',
  haveDentalInsurance: 'Yes',
  insurance: { label: 'Delta Dental', value: 'Delta Dental' },
  insuranceProvider: '',
  subscribersFullName: 'Ana Lopez',
  subscriberDOB: '04/12/1990',
  subscriberID: 'AB-123',
  groupNumber: 'G-9',
  subscriberPhone: '+15125550000',
  agreeTextAndEmail: true,
  hp: '',
} satisfies BookingForm;

const companion = {
  bookingForSomeOne: true,
  companionFirstName: 'Maria',
  companionLastName: 'Lopez',
  companionDOB: '07/30/1965',
};
const other = { insurance: { label: 'Other', value: 'Other' }, insuranceProvider: 'Acme Dental' };

const formSchema = createBookingFormSchema(context);
const wireSchema = createBookingBodySchema(context);

/** Form fields named by each side's issues; wire paths go through the one mapping table. */
const formFieldsOf = (issues: { path: PropertyKey[] }[]) => new Set(issues.map((issue) => String(issue.path[0])));
const wireFieldsAsForm = (issues: { path: PropertyKey[] }[]) =>
  new Set(
    issues.map((issue) => {
      const path = issue.path.map(String).join('.');
      return WIRE_TO_FORM_FIELD[path] ?? path;
    }),
  );

describe('the page-5 form and the booking body agree', () => {
  it.each<[string, Partial<BookingForm>]>([
    ['the patient with insurance', {}],
    ['a companion booking', companion],
    ['Other insurance with a provider name', other],
    ['no insurance', { haveDentalInsurance: 'No', insurance: null, subscribersFullName: '', subscriberID: '' }],
    ['names in another script, with spaces', { firstName: 'José María', lastName: 'Ñúñez Østergård' }],
    ['a phone without +', { phone: '5125550123' }],
  ])('both accept %s', (_name, change) => {
    const form = formSchema.parse({ ...validForm, ...change });
    const wire = wireSchema.safeParse(toBookingBody(form, selection, context));
    expect(wire.success, JSON.stringify(wire.error?.issues)).toBe(true);
  });

  it.each<[string, Partial<BookingForm>, string]>([
    ['a first name with digits', { firstName: 'Ana2' }, 'firstName'],
    ['an empty last name', { lastName: '   ' }, 'lastName'],
    ['a bad e-mail', { email: 'ana@' }, 'email'],
    ['a phone with letters', { phone: '512555CALL' }, 'phone'],
    ['a phone over 20 characters', { phone: '+123456789012345678901' }, 'phone'],
    ['a birth date that is not a date', { dob: '02/30/1990' }, 'dob'],
    ['a birth date with month 13', { dob: '13/01/2000' }, 'dob'],
    ['a birth date in the future', { dob: '01/01/2030' }, 'dob'],
    ['a birth date of today', { dob: '03/02/2026' }, 'dob'],
    ['a companion without a first name', { ...companion, companionFirstName: '' }, 'companionFirstName'],
    ['a companion without a last name', { ...companion, companionLastName: '' }, 'companionLastName'],
    ['a companion name with digits', { ...companion, companionLastName: 'Lopez3' }, 'companionLastName'],
    ['a companion birth date that is not a date', { ...companion, companionDOB: '02/31/1965' }, 'companionDOB'],
    ['insurance without a choice', { insurance: null }, 'insurance'],
    ['Other insurance without a provider name', { ...other, insuranceProvider: '' }, 'insuranceProvider'],
    [
      'a provider name with symbols (its digits are kept, ADR 0030)',
      { ...other, insuranceProvider: 'Acme <123>' },
      'insuranceProvider',
    ],
    ["a subscriber's name with digits", { subscribersFullName: 'Ana 2' }, 'subscribersFullName'],
    ["no subscriber's name", { subscribersFullName: '' }, 'subscribersFullName'],
    ["a subscriber's birth date that is not a date", { subscriberDOB: '02/30/2024' }, 'subscriberDOB'],
    ['no subscriber id', { subscriberID: '' }, 'subscriberID'],
    ['a subscriber id with symbols', { subscriberID: 'AB#1' }, 'subscriberID'],
    ['no group number (listed by the practice)', { groupNumber: '' }, 'groupNumber'],
    ['no subscriber phone (listed by the practice)', { subscriberPhone: '' }, 'subscriberPhone'],
    ['a subscriber phone with letters', { subscriberPhone: 'call me' }, 'subscriberPhone'],
  ])('both refuse %s, at the same field', (_name, change, field) => {
    const raw = { ...validForm, ...change };
    const form = formSchema.safeParse(raw);
    expect(form.success).toBe(false);
    expect(formFieldsOf(form.error!.issues)).toContain(field);

    // The server sees what toBookingBody makes of the same values, as a client skipping the form would send.
    const wire = wireSchema.safeParse(toBookingBody(raw as BookingForm, selection, context));
    expect(wire.success).toBe(false);
    expect(wireFieldsAsForm(wire.error!.issues)).toContain(field);
  });

  it('every wire field the body schema can name maps to a field of the form', () => {
    const formFields = new Set(Object.keys(validForm));
    for (const [wire, formField] of Object.entries(WIRE_TO_FORM_FIELD)) {
      expect(formFields, `${wire} → ${formField}`).toContain(formField);
    }
  });

  it('optional insurance fields the practice does not list are required by neither side', () => {
    const unlisted = { ...context, optionalInsuranceFields: [] as const };
    const raw = { ...validForm, groupNumber: '', subscriberPhone: '' };
    const form = createBookingFormSchema(unlisted).parse(raw);
    expect(createBookingBodySchema(unlisted).safeParse(toBookingBody(form, selection, unlisted)).success).toBe(true);
  });
});
