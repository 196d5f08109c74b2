import { describe, expect, it } from 'vitest';
import * as validation from '../i18n/validation.messages.ts';
import {
  FIELD_MESSAGES,
  ID_FIELD_MESSAGES,
  idTextField,
  insuranceNameField,
  nameField,
  PHONE_MAX_LENGTH,
  phoneField,
  stripToInsuranceName,
  stripToName,
  stripToPhone,
} from './booking-field-rules.ts';
import { createBookingBodySchema } from './booking-schemas.ts';

/** ADR 0030: names as people write them, beyond spec section 5's letters and spaces. */

const PEOPLE = [
  "O'Neil",
  'Smith-Jones',
  'Zoë',
  'José',
  'Mary Ann',
  'D’Angelo',
  'Łukasz',
  'Ngô Bảo Châu',
  '王秀英',
  'Мария',
  'Zoe\u0308',
];

describe('names', () => {
  it.each(PEOPLE)('keeps %s as typed and accepts it', (name) => {
    expect(stripToName(name)).toBe(name);
    expect(nameField('First name').safeParse(name)).toEqual({ success: true, data: name });
  });

  it('strips digits and other symbols as typed, never leaving a double space', () => {
    expect(stripToName("Jo3hn O'Neil-Ávila")).toBe("John O'Neil-Ávila");
    expect(stripToName('Ann 3 Lee')).toBe('Ann Lee');
    expect(stripToName('Ann  Lee')).toBe('Ann Lee');
    expect(stripToName('Ann @# Lee!')).toBe('Ann Lee');
    expect(stripToName('Mary ')).toBe('Mary ');
  });

  it('refuses digits, symbols and a name without a letter, naming the rule', () => {
    expect(nameField('Last name').safeParse('Smith2').error?.issues[0]?.message).toBe(
      'Last name may contain only letters, spaces, hyphens and apostrophes',
    );
    expect(nameField('Last name').safeParse('Smith <b>').success).toBe(false);
    expect(nameField('Last name').safeParse("'-").error?.issues[0]?.message).toBe('Last name must contain a letter');
    expect(nameField('Last name').safeParse('  ').error?.issues[0]?.message).toBe('Last name is required');
  });

  it('trims and collapses spaces on the server too', () => {
    expect(nameField('First name').parse('  Mary   Ann ')).toBe('Mary Ann');
  });
});

describe('insurance names', () => {
  it('keep their digits', () => {
    expect(stripToInsuranceName('Delta Dental 2000 PPO!')).toBe('Delta Dental 2000 PPO');
    expect(stripToInsuranceName('Blue Cross & Blue Shield St. Louis')).toBe('Blue Cross & Blue Shield St. Louis');
    expect(insuranceNameField('Insurance provider name').safeParse('Aetna 2000').success).toBe(true);
    expect(insuranceNameField('Insurance provider name').safeParse('Aetna <2000>').success).toBe(false);
  });
});

describe('phone', () => {
  it('keeps + only as the first character, as typed', () => {
    expect(stripToPhone('+1 (512) 555-0100')).toBe('+15125550100');
    expect(stripToPhone('512+555+0100')).toBe('5125550100');
    expect(stripToPhone('++1512')).toBe('+1512');
    expect(stripToPhone('1'.repeat(30))).toHaveLength(20);
    expect(phoneField().safeParse('512+5550100').success).toBe(false);
  });
});

describe("the server's booking body", () => {
  const schema = createBookingBodySchema({ today: '2026-03-02', toShowInsurances: true, optionalInsuranceFields: [] });
  const body = {
    practice_id: '5b0b7c4e-8f43-4c51-9d5c-0a4b1c2d3e4f',
    first_name: "O'Neil",
    last_name: 'Smith-Jones',
    email: 'zoe@example.com',
    wireless_phone: '+15125550123',
    dob: '1990-04-12',
    rfv_id: '0d7a2c7e-1b2f-4f7e-8d3e-6a5b4c3d2e1f',
    pms_op_num: 2,
    pms_prov_num: 1,
    apt_date: '2026-03-04',
    start_time: '09:00:00',
    end_time: '09:30:00',
    patient_status: 'New Patient',
    is_patient: false,
    booker_first_name: 'Zoë',
    booker_last_name: 'José',
    booker_dob: '1965-07-30',
    message: '',
    is_concented: true,
    has_insurance: true,
    insurance_details: {
      insurance: 'Other',
      insurance_provider: 'Delta Dental 2000',
      subscribers_full_name: "Mary-Kate O'Hara",
      subscribers_dob: '1965-07-30',
      subscriber_id: 'AB-1',
    },
    hp: '',
  };

  it("accepts names as people write them (O'Neil, Smith-Jones, Zoë, José) and an insurance name with digits", () => {
    const parsed = schema.safeParse(body);
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  it('refuses a name with digits at its field', () => {
    const parsed = schema.safeParse({ ...body, booker_last_name: 'J0se' });
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['booker_last_name']);
  });
});

describe('patient-facing messages (ADR 0034)', () => {
  it('are keys of the validation catalogue, whose English is the spec text', () => {
    const key = nameField(FIELD_MESSAGES.lastName).safeParse('Smith2').error?.issues[0]?.message;
    expect(key).toBe('lastNameCharacters');
    expect(validation.en[key as keyof typeof validation.en]).toBe(
      'Last name may contain only letters, spaces, hyphens and apostrophes',
    );
    expect(validation.es.lastNameCharacters).toBe(
      'El apellido solo puede contener letras, espacios, guiones y apóstrofos',
    );
    expect(phoneField().safeParse('').error?.issues[0]?.message).toBe('phoneRequired');
    expect(idTextField(ID_FIELD_MESSAGES.subscriberId).safeParse('A#1').error?.issues[0]?.message).toBe(
      'subscriberIdCharacters',
    );
    expect(validation.en.subscriberIdCharacters).toBe('Subscriber ID may contain only letters, digits and dashes');
    expect(validation.en.insuranceProviderCharacters).toBe(
      "Insurance provider name may contain only letters, digits, spaces, hyphens, apostrophes, '&' and '.'",
    );
    expect(validation.en.phoneTooLong).toBe(`Phone must be at most ${PHONE_MAX_LENGTH} characters`);
  });
});
