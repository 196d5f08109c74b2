import { describe, expect, it } from 'vitest';
import { parsePracticeConfigFile } from './practice-config-schema.ts';
import { RESERVED_PATHS } from './reserved-paths.ts';

type Json = Record<string, unknown>;

/** The smallest practice that validates: only the three required fields. */
const minimal = (overrides: Json = {}): Json => ({
  form_url: 'bright-smile',
  name: 'Bright Smile',
  server_tz: 'America/Chicago',
  ...overrides,
});

/** A practice with one of everything, so each list can be broken on its own. */
const complete = (overrides: Json = {}): Json =>
  minimal({
    clinic_set_up: true,
    clinics: [{ pms_clinic_num: 1, display_name: 'Downtown' }],
    providers: [{ pms_prov_num: 1, provider_display_name: 'Dr. Ana Ruiz' }],
    operatories: [{ pms_op_num: 1, name: 'Chair 1', pms_clinic_num: 1 }],
    reasons: [{ name: 'Exam', providers: [1], clinics: [1] }],
    schedules: [
      {
        pms_prov_num: 1,
        pms_op_num: 1,
        pms_clinic_num: 1,
        weekdays: [1, 2],
        start: '09:00',
        end: '17:00',
        breaks: [{ start: '12:00', end: '13:00' }],
      },
    ],
    closures: [{ date: '2026-12-25', name: 'Christmas Day' }],
    time_off: [{ pms_prov_num: 1, start: '2026-12-01T00:00', end: '2026-12-03T00:00' }],
    ...overrides,
  });

const schedule = (overrides: Json = {}): Json => ({
  pms_prov_num: 1,
  pms_op_num: 1,
  pms_clinic_num: 1,
  weekdays: [1],
  start: '09:00',
  end: '17:00',
  ...overrides,
});

function problemsOf(json: unknown): string[] {
  const result = parsePracticeConfigFile(json);
  if (result.ok) throw new Error('expected the file to be rejected');
  return result.problems;
}

describe('parsePracticeConfigFile', () => {
  it('fills every default of a minimal practice', () => {
    const result = parsePracticeConfigFile({ practices: [minimal({ description: '  ' })] });
    expect(result).toEqual({
      ok: true,
      value: {
        practices: [
          {
            form_url: 'bright-smile',
            version: 0,
            name: 'Bright Smile',
            description: null,
            logo: null,
            address_line1: null,
            display_address: null,
            street_address: null,
            city: null,
            state: null,
            zipcode: null,
            phone: null,
            server_tz: 'America/Chicago',
            min_hours_before_booking: 0,
            booking_horizon_months: 11,
            is_accepting_patients: true,
            clinic_set_up: false,
            to_show_insurances: false,
            to_verify_patient: false,
            to_redirect: false,
            redirection_delay: 0,
            redirection_url: null,
            ref_redirection_url: null,
            optional_insurance_fields: [],
            insurances: [],
            accept_other_insurance: false,
            show_out_of_network_insurance_message: false,
            show_other_insurance_message: false,
            out_of_network_insurance_message: null,
            other_insurance_message: null,
            no_insurance_message: null,
            info_for_patient: null,
            info_for_paid_patient: null,
            form_customization: { brand_color: '#334155', button_color_1: '#0f766e', button_color_2: '#0f766e' },
            slot_interval_minutes: 15,
            google_review_url: null,
            notification_email: null,
            sms_from: null,
            reschedule_cutoff_hours: 24,
            cancel_cutoff_hours: 24,
            max_reschedules: 2,
            refund_deposit_if_cancelled_hours_before: 48,
            pms: { type: 'builtin' },
            reminder_rules: [
              { before_hours: 48, channels: ['email'] },
              { before_hours: 24, channels: ['text'] },
            ],
            quiet_hours: { start: '20:00', end: '08:00' },
            reminders_show_reason: false,
            opendental_stale_after_minutes: 15,
            clinics: [],
            providers: [],
            operatories: [],
            reasons: [],
            schedules: [],
            closures: [],
            time_off: [],
          },
        ],
      },
    });
  });

  it('fills the defaults of reasons, schedules and nested objects', () => {
    const result = parsePracticeConfigFile({
      practices: [
        complete({
          reasons: [{ name: ' Exam ' }],
          schedules: [schedule()],
          form_customization: { brand_color: '#123' },
        }),
      ],
    });
    if (!result.ok) throw new Error(result.problems.join('\n'));
    const practice = result.value.practices[0]!;
    expect(practice.reasons[0]).toEqual({
      name: 'Exam',
      final_duration: 60,
      amount: 0,
      for_new_patients: true,
      for_returning_patients: true,
      is_active: true,
      is_payment_enabled: false,
      to_show_providers: false,
      providers: [],
      clinics: [],
    });
    expect(practice.schedules[0]?.breaks).toEqual([]);
    expect(practice.form_customization).toEqual({
      brand_color: '#123',
      button_color_1: '#0f766e',
      button_color_2: '#0f766e',
    });
  });

  it('takes a sender as a number or a Messaging Service SID, trimmed; blank is none', () => {
    const service = `MG${'0a'.repeat(16)}`;
    const result = parsePracticeConfigFile({
      practices: [
        minimal({ sms_from: ' +15125550100 ' }),
        minimal({ form_url: 'b-2', sms_from: service }),
        minimal({ form_url: 'b-3', sms_from: ' ' }),
      ],
    });
    if (!result.ok) throw new Error(result.problems.join('\n'));
    expect(result.value.practices.map((p) => p.sms_from)).toEqual(['+15125550100', service, null]);
  });

  it('accepts the complete example and an Open Dental practice', () => {
    const opendental = minimal({ form_url: 'od-practice', pms: { type: 'opendental', customer_key: 'abc123' } });
    expect(parsePracticeConfigFile({ practices: [complete(), opendental] }).ok).toBe(true);
  });

  it('refuses every reserved name a form_url could take, and accepts names that only contain one', () => {
    const possible = RESERVED_PATHS.filter((name) => /^[a-z0-9-]{2,64}$/.test(name));
    expect(possible.length).toBeGreaterThan(20);
    for (const name of possible) {
      const refusal =
        `practices[0].form_url: "${name}" is reserved for the product's own pages; ` + 'choose another form_url';
      expect(problemsOf({ practices: [minimal({ form_url: name })] }), name).toEqual([refusal]);
    }
    const lookalikes = ['consoles', 'review-dental', 'es-dental', 'api2'].map((name) => minimal({ form_url: name }));
    expect(parsePracticeConfigFile({ practices: lookalikes }).ok).toBe(true);
  });

  it.each<[string, unknown, string[]]>([
    ['a file that is not an object', [], ['file: must be an object']],
    ['a file without practices', {}, ['practices: is required']],
    ['an empty practice list', { practices: [] }, ['practices: must list at least one practice']],
    [
      'missing required fields',
      { practices: [{}] },
      ['practices[0].form_url: is required', 'practices[0].name: is required', 'practices[0].server_tz: is required'],
    ],
    [
      'a misspelt key',
      { practices: [minimal({ fomr_url: 'x' })], extra: 1 },
      ['practices[0].fomr_url: unknown field', 'extra: unknown field'],
    ],
    [
      'a bad form_url',
      { practices: [minimal({ form_url: 'Bright Smile' })] },
      ['practices[0].form_url: must be 2 to 64 lower-case letters, digits or hyphens'],
    ],
    [
      'form_urls the product uses for its own pages',
      {
        practices: [minimal({ form_url: 'console' }), minimal({ form_url: 'review' }), minimal({ form_url: '_dev' })],
      },
      [
        'practices[0].form_url: "console" is reserved for the product\'s own pages; choose another form_url',
        'practices[1].form_url: "review" is reserved for the product\'s own pages; choose another form_url',
        'practices[2].form_url: must be 2 to 64 lower-case letters, digits or hyphens',
      ],
    ],
    ['a blank name', { practices: [minimal({ name: '  ' })] }, ['practices[0].name: must not be empty']],
    [
      'an unknown time zone',
      { practices: [minimal({ server_tz: 'America/Springfield' })] },
      ['practices[0].server_tz: must be an IANA time zone such as America/Chicago'],
    ],
    [
      'an offset instead of a zone',
      { practices: [minimal({ server_tz: '+05:00' })] },
      ['practices[0].server_tz: must be an IANA time zone such as America/Chicago'],
    ],
    [
      'a wrong JSON type',
      { practices: [minimal({ is_accepting_patients: 'yes', description: 5, insurances: {} })] },
      [
        'practices[0].description: must be a string or null',
        'practices[0].is_accepting_patients: must be true or false',
        'practices[0].insurances: must be a list',
      ],
    ],
    [
      'a bad colour',
      { practices: [minimal({ form_customization: { brand_color: 'teal' } })] },
      ['practices[0].form_customization.brand_color: must be a colour like #0f766e'],
    ],
    [
      'an unknown optional insurance field',
      { practices: [minimal({ optional_insurance_fields: ['groupNumber', 'memberId'] })] },
      ['practices[0].optional_insurance_fields[1]: must be groupNumber or subscriberPhone'],
    ],
    [
      'a manage policy out of range',
      {
        practices: [
          minimal({
            reschedule_cutoff_hours: -1,
            cancel_cutoff_hours: 2.5,
            max_reschedules: 21,
            refund_deposit_if_cancelled_hours_before: '48',
          }),
        ],
      },
      [
        'practices[0].reschedule_cutoff_hours: must be a whole number of hours from 0 to 720',
        'practices[0].cancel_cutoff_hours: must be a whole number of hours from 0 to 720',
        'practices[0].max_reschedules: must be a whole number from 0 to 20',
        'practices[0].refund_deposit_if_cancelled_hours_before: must be a whole number of hours from 0 to 720',
      ],
    ],
    [
      'a booking horizon past the spec’s 11 months',
      { practices: [minimal({ booking_horizon_months: 12 })] },
      ['practices[0].booking_horizon_months: must be a whole number of months from 1 to 11'],
    ],
    [
      'a booking horizon of no month',
      { practices: [minimal({ booking_horizon_months: 0 })] },
      ['practices[0].booking_horizon_months: must be a whole number of months from 1 to 11'],
    ],
    [
      'an Open Dental staleness limit out of range',
      { practices: [minimal({ opendental_stale_after_minutes: 0 })] },
      ['practices[0].opendental_stale_after_minutes: must be a whole number of minutes from 1 to 1440 (one day)'],
    ],
    [
      'an Open Dental staleness limit that is not a whole number',
      { practices: [minimal({ opendental_stale_after_minutes: '30' })] },
      ['practices[0].opendental_stale_after_minutes: must be a whole number of minutes from 1 to 1440 (one day)'],
    ],
    [
      'non-http URLs',
      { practices: [minimal({ logo: 'ftp://x.example/logo.png', google_review_url: 'not a url' })] },
      [
        'practices[0].logo: must be an http(s) URL, an uploaded image (/media/…) or null',
        'practices[0].google_review_url: must be an http(s) URL or null',
      ],
    ],
    [
      'a bad e-mail',
      { practices: [minimal({ notification_email: 'office@' })] },
      ['practices[0].notification_email: must be an e-mail address or null'],
    ],
    [
      'a sender with spaces, a short SID and a number',
      {
        practices: [
          minimal({ sms_from: '+1 512 555 0100' }),
          minimal({ form_url: 'b-2', sms_from: 'MG123' }),
          minimal({ form_url: 'b-3', sms_from: 5125550100 }),
        ],
      },
      [
        'practices[0].sms_from: must be an E.164 number such as +12125550100 (a "+", the country code ' +
          'and 7 to 14 more digits, no spaces) or a Twilio Messaging Service SID (MG…), or null',
        'practices[1].sms_from: must be a Messaging Service SID: MG followed by 32 hex digits',
        'practices[2].sms_from: must be an E.164 number such as +12125550100 (a "+", the country code ' +
          'and 7 to 14 more digits, no spaces) or a Twilio Messaging Service SID (MG…), or null',
      ],
    ],
    [
      'an unknown PMS',
      { practices: [minimal({ pms: { type: 'dentrix' } })] },
      ['practices[0].pms.type: must be one of "builtin", "opendental"'],
    ],
    [
      // Left out, the stored key is kept (ADR 0079); given, it must be one.
      'Open Dental with an empty key',
      { practices: [minimal({ pms: { type: 'opendental', customer_key: ' ' } })] },
      ['practices[0].pms.customer_key: must not be empty'],
    ],
    [
      'a zero slot interval',
      { practices: [minimal({ slot_interval_minutes: 0 })] },
      ['practices[0].slot_interval_minutes: must be a positive whole number of minutes'],
    ],
    [
      'a negative lead time',
      { practices: [minimal({ min_hours_before_booking: -1 })] },
      ['practices[0].min_hours_before_booking: must be a whole number of hours, 0 or more'],
    ],
    [
      'bad reason durations',
      {
        practices: [
          complete({
            reasons: [
              { name: 'A', final_duration: 0 },
              { name: 'B', final_duration: 22.5 },
              { name: 'C', final_duration: '60' },
            ],
          }),
        ],
      },
      [
        'practices[0].reasons[0].final_duration: must be a positive whole number of minutes',
        'practices[0].reasons[1].final_duration: must be a positive whole number of minutes',
        'practices[0].reasons[2].final_duration: must be a positive whole number of minutes',
      ],
    ],
    [
      'bad amounts',
      {
        practices: [
          complete({
            reasons: [
              { name: 'A', amount: -5 },
              { name: 'B', amount: 10.005 },
            ],
          }),
        ],
      },
      [
        'practices[0].reasons[0].amount: must be 0 or more',
        'practices[0].reasons[1].amount: must have at most 2 decimal places',
      ],
    ],
    [
      'payment without an amount',
      { practices: [complete({ reasons: [{ name: 'A', is_payment_enabled: true }] })] },
      ['practices[0].reasons[0].amount: must be greater than 0 when is_payment_enabled is true'],
    ],
    [
      'a weekday out of range and no weekday',
      { practices: [complete({ schedules: [schedule({ weekdays: [1, 7] }), schedule({ weekdays: [] })] })] },
      [
        'practices[0].schedules[0].weekdays[1]: must be a weekday from 0 (Sunday) to 6 (Saturday)',
        'practices[0].schedules[1].weekdays: must list at least one weekday',
      ],
    ],
    [
      'malformed times',
      { practices: [complete({ schedules: [schedule({ start: '9:00', end: '25:00' })] })] },
      [
        'practices[0].schedules[0].start: must be a time of day as HH:mm',
        'practices[0].schedules[0].end: must be a time of day as HH:mm',
      ],
    ],
    [
      'a schedule ending before it starts',
      { practices: [complete({ schedules: [schedule({ start: '17:00', end: '09:00' })] })] },
      ['practices[0].schedules[0].end: must be after start'],
    ],
    [
      'breaks outside, reversed and overlapping',
      {
        practices: [
          complete({
            schedules: [
              schedule({
                breaks: [
                  { start: '12:00', end: '13:00' },
                  { start: '12:30', end: '14:00' },
                  { start: '16:30', end: '18:00' },
                  { start: '15:00', end: '14:00' },
                ],
              }),
            ],
          }),
        ],
      },
      [
        'practices[0].schedules[0].breaks[1]: overlaps breaks[0]',
        'practices[0].schedules[0].breaks[2]: must lie between 09:00 and 17:00',
        'practices[0].schedules[0].breaks[3].end: must be after start',
      ],
    ],
    [
      'impossible dates',
      {
        practices: [
          complete({
            closures: [{ date: '2026-02-30' }],
            time_off: [{ pms_prov_num: 1, start: '2026-12-01 00:00', end: '2026-12-01T24:00' }],
          }),
        ],
      },
      [
        'practices[0].closures[0].date: must be a real date as YYYY-MM-DD',
        'practices[0].time_off[0].start: must be a date and time as YYYY-MM-DDTHH:mm',
        'practices[0].time_off[0].end: must be a date and time as YYYY-MM-DDTHH:mm',
      ],
    ],
    [
      'time off ending before it starts',
      {
        practices: [complete({ time_off: [{ pms_prov_num: 1, start: '2026-12-03T00:00', end: '2026-12-01T00:00' }] })],
      },
      ['practices[0].time_off[0].end: must be after start'],
    ],
    [
      'references to nothing',
      {
        practices: [
          complete({
            operatories: [{ pms_op_num: 1, name: 'Chair 1', pms_clinic_num: 9 }],
            reasons: [{ name: 'Exam', providers: [1, 8], clinics: [7] }],
            schedules: [schedule({ pms_prov_num: 6, pms_op_num: 5, pms_clinic_num: 4 })],
            time_off: [{ pms_prov_num: 3, start: '2026-12-01T00:00', end: '2026-12-02T00:00' }],
          }),
        ],
      },
      [
        'practices[0].operatories[0].pms_clinic_num: no clinic has pms_clinic_num 9',
        'practices[0].reasons[0].providers[1]: no provider has pms_prov_num 8',
        'practices[0].reasons[0].clinics[0]: no clinic has pms_clinic_num 7',
        'practices[0].schedules[0].pms_prov_num: no provider has pms_prov_num 6',
        'practices[0].schedules[0].pms_clinic_num: no clinic has pms_clinic_num 4',
        'practices[0].schedules[0].pms_op_num: no operatory has pms_op_num 5',
        'practices[0].time_off[0].pms_prov_num: no provider has pms_prov_num 3',
      ],
    ],
    [
      'a schedule in another clinic than its operatory',
      {
        practices: [
          complete({
            clinics: [{ pms_clinic_num: 1 }, { pms_clinic_num: 2 }],
            schedules: [schedule({ pms_clinic_num: 2 })],
          }),
        ],
      },
      ['practices[0].schedules[0].pms_clinic_num: must be 1, the clinic of operatory 1'],
    ],
    [
      'duplicates',
      {
        practices: [
          complete({
            clinics: [{ pms_clinic_num: 1 }, { pms_clinic_num: 1 }],
            providers: [{ pms_prov_num: 1 }, { pms_prov_num: 1 }],
            operatories: [
              { pms_op_num: 1, name: 'A', pms_clinic_num: 1 },
              { pms_op_num: 1, name: 'B', pms_clinic_num: 1 },
            ],
            reasons: [{ name: 'Exam' }, { name: 'exam' }],
            closures: [{ date: '2026-12-25' }, { date: '2026-12-25' }],
          }),
          minimal(),
        ],
      },
      [
        'practices[0].clinics[1].pms_clinic_num: 1 is already used by clinics[0]',
        'practices[0].providers[1].pms_prov_num: 1 is already used by providers[0]',
        'practices[0].operatories[1].pms_op_num: 1 is already used by operatories[0]',
        'practices[0].reasons[1].name: "exam" is already used by reasons[0]',
        'practices[0].closures[1].date: "2026-12-25" is already used by closures[0]',
      ],
    ],
    [
      'a yearly closure on 29 February',
      {
        practices: [
          minimal({
            closures: [
              { date: '2028-02-29', yearly: true },
              { date: '2028-02-28', yearly: true },
            ],
          }),
        ],
      },
      ['practices[0].closures[0].date: cannot repeat yearly on 29 February: choose 28 February or 1 March'],
    ],
    [
      'a form_url twice in the file',
      { practices: [minimal(), minimal()] },
      ['practices[1].form_url: "bright-smile" is already used by practices[0]'],
    ],
    [
      'clinics switched on without clinics',
      { practices: [minimal({ clinic_set_up: true })] },
      ['practices[0].clinics: must list at least one clinic when clinic_set_up is true'],
    ],
    [
      'clinics switched on but an operatory and a schedule without one',
      {
        practices: [
          complete({
            operatories: [{ pms_op_num: 1, name: 'Chair 1' }],
            schedules: [schedule({ pms_clinic_num: null })],
          }),
        ],
      },
      [
        'practices[0].operatories[0].pms_clinic_num: is required when clinic_set_up is true',
        'practices[0].schedules[0].pms_clinic_num: is required when clinic_set_up is true',
      ],
    ],
    [
      'messages switched on without text',
      {
        practices: [
          minimal({
            to_redirect: true,
            show_out_of_network_insurance_message: true,
            show_other_insurance_message: true,
          }),
        ],
      },
      [
        'practices[0].redirection_url: is required when to_redirect is true',
        'practices[0].out_of_network_insurance_message: is required when show_out_of_network_insurance_message is true',
        'practices[0].other_insurance_message: is required when show_other_insurance_message is true',
      ],
    ],
    [
      'insurance repeated or named Other',
      {
        practices: [
          minimal({ insurances: [{ insuranceName: 'Cigna' }, { insuranceName: 'CIGNA' }, { insuranceName: 'Other' }] }),
        ],
      },
      [
        'practices[0].insurances[1].insuranceName: "CIGNA" is already used by insurances[0]',
        'practices[0].insurances[2].insuranceName: "Other" is reserved; use accept_other_insurance',
      ],
    ],
    [
      'one practice broken, the other checked in full',
      {
        practices: [
          minimal({ name: 5 }),
          complete({ form_url: 'second', reasons: [{ name: 'Exam', providers: [2] }] }),
        ],
      },
      ['practices[0].name: must be a string', 'practices[1].reasons[0].providers[0]: no provider has pms_prov_num 2'],
    ],
  ])('rejects %s', (_case, json, expected) => {
    expect(problemsOf(json)).toEqual(expected);
  });
});

describe('translations', () => {
  const translated = (overrides: Json = {}): Json =>
    complete({
      description: 'Family dentistry.',
      info_for_patient: 'Arrive early.',
      translations: { es: { description: ' Odontología familiar. ', info_for_patient: 'Llegue temprano.' } },
      clinics: [{ pms_clinic_num: 1, display_name: 'Downtown', translations: { es: { display_name: 'Centro' } } }],
      reasons: [{ name: 'Exam', providers: [1], clinics: [1], translations: { es: { name: 'Examen' } } }],
      ...overrides,
    });

  it('keeps the translations beside each owner, trimmed', () => {
    const result = parsePracticeConfigFile({ practices: [translated()] });
    if (!result.ok) throw new Error(result.problems.join('\n'));
    const [practice] = result.value.practices;
    expect(practice!.translations).toEqual({
      es: { description: 'Odontología familiar.', info_for_patient: 'Llegue temprano.' },
    });
    expect(practice!.clinics[0]!.translations).toEqual({ es: { display_name: 'Centro' } });
    expect(practice!.reasons[0]!.translations).toEqual({ es: { name: 'Examen' } });
  });

  it('leaves translations out when the file does', () => {
    const result = parsePracticeConfigFile({ practices: [complete()] });
    if (!result.ok) throw new Error(result.problems.join('\n'));
    expect(result.value.practices[0]).not.toHaveProperty('translations');
    expect(result.value.practices[0]!.reasons[0]).not.toHaveProperty('translations');
  });

  it('names a language it does not know, English, and a field that cannot be translated', () => {
    expect(
      problemsOf({
        practices: [
          translated({
            translations: {
              fr: { description: 'Dentisterie.' },
              en: { description: 'x' },
              es: { name: 'Sonrisa', description: 'Odontología.' },
            },
            reasons: [
              {
                name: 'Exam',
                providers: [1],
                clinics: [1],
                translations: { es: { name: 'Examen', description: 'Revisión' } },
              },
            ],
          }),
        ],
      }),
    ).toEqual([
      'practices[0].translations.es.name: unknown field',
      'practices[0].translations.fr: is not a language of the patient side; translations can be given in es',
      'practices[0].translations.en: English is the text itself: write it in the field, and other languages here',
      'practices[0].reasons[0].translations.es.description: unknown field',
    ]);
  });

  it('refuses a blank or non-string translation', () => {
    expect(
      problemsOf({ practices: [translated({ translations: { es: { description: ' ', info_for_patient: 3 } } })] }),
    ).toEqual([
      'practices[0].translations.es.description: must be a non-empty string; leave the field out to show the English',
      'practices[0].translations.es.info_for_patient: ' +
        'must be a non-empty string; leave the field out to show the English',
    ]);
  });

  it('refuses two reasons that would read the same in a language', () => {
    const reasons = [
      { name: 'Exam', translations: { es: { name: 'Limpieza' } } },
      { name: 'Limpieza' },
      { name: 'Cleaning', translations: { es: { name: 'limpieza' } } },
    ];
    expect(problemsOf({ practices: [minimal({ reasons })] })).toEqual([
      'practices[0].reasons[1].name: "Limpieza" is already the es name of reasons[0]',
      'practices[0].reasons[2].translations.es.name: "limpieza" is already the es name of reasons[0]',
    ]);
  });

  it('refuses a translation of a text the practice does not have in English', () => {
    expect(
      problemsOf({
        practices: [
          translated({
            translations: { es: { no_insurance_message: '¿Sin seguro?' } },
            clinics: [
              { pms_clinic_num: 1, display_name: 'Downtown', translations: { es: { display_location: 'Centro' } } },
            ],
          }),
        ],
      }),
    ).toEqual([
      'practices[0].translations.es.no_insurance_message: ' +
        'has no English no_insurance_message to translate: set no_insurance_message too',
      'practices[0].clinics[0].translations.es.display_location: ' +
        'has no English display_location to translate: set display_location too',
    ]);
  });
});
