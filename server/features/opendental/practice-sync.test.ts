import { describe, expect, it } from 'vitest';
import { parsePracticeConfigFile } from '#domain/practice/practice-config-schema.ts';
import {
  OdClinicSchema,
  OdOperatorySchema,
  OdProviderSchema,
} from '../../adapters/pms/opendental/opendental-schemas.ts';
import { odClinic, odOperatory, odProvider } from '../../test/fake-opendental-server.ts';
import type { ConfiguredSetup } from './practice-sync-repository.ts';
import { buildSyncResult, type OfficeSetup } from './practice-sync.ts';

const office: OfficeSetup = {
  clinics: [odClinic(1, 'Downtown', { City: 'Austin', Phone: '5125550100' }), odClinic(2, 'North')].map((c) =>
    OdClinicSchema.parse(c),
  ),
  providers: [
    odProvider(1, 'Ana', 'Ruiz'),
    odProvider(2, 'Ben', 'Carter', { PreferredName: 'Dr. Ben' }),
    odProvider(3, 'Old', 'Timer', { ProvStatus: 'Deleted' }),
    odProvider(4, 'Hidden', 'Person', { IsHidden: 'true' }),
  ].map((p) => OdProviderSchema.parse(p)),
  operatories: [
    odOperatory(1, 'Op 1', { ClinicNum: 1 }),
    odOperatory(2, 'Op 2', { ClinicNum: 2 }),
    odOperatory(3, 'Storage', { IsHidden: 'true' }),
  ].map((o) => OdOperatorySchema.parse(o)),
};

const configured: ConfiguredSetup = {
  clinics: [
    {
      pms_clinic_num: 1,
      display_name: 'Bright Smile Downtown',
      display_location: null,
      display_address: null,
      display_phone: null,
      is_active: true,
    },
  ],
  providers: [
    { pms_prov_num: 1, provider_display_name: 'Dr. Ana Ruiz', profile_pic: null, is_active: true },
    { pms_prov_num: 9, provider_display_name: 'Dr. Gone', profile_pic: null, is_active: true },
  ],
  operatories: [{ pms_op_num: 1, name: 'Chair 1', is_active: true }],
};

describe('practice:sync', () => {
  it("splits the office's lists into offered and not offered, keeping the names the operator chose", () => {
    const result = buildSyncResult(office, configured);
    expect(result.offered).toEqual({
      clinics: [
        expect.objectContaining({
          pms_clinic_num: 1,
          display_name: 'Bright Smile Downtown',
          pms_city: 'Austin',
          display_phone: '5125550100',
        }),
      ],
      providers: [
        {
          pms_prov_num: 1,
          provider_display_name: 'Dr. Ana Ruiz',
          provider_first_name: 'Ana',
          provider_last_name: 'Ruiz',
          profile_pic: null,
        },
      ],
      operatories: [{ pms_op_num: 1, name: 'Chair 1', pms_clinic_num: 1 }],
    });
    expect(result.not_offered).toEqual({
      clinics: [expect.objectContaining({ pms_clinic_num: 2, display_name: 'North' })],
      providers: [
        {
          pms_prov_num: 2,
          provider_display_name: 'Dr. Ben',
          provider_first_name: 'Ben',
          provider_last_name: 'Carter',
          profile_pic: null,
        },
      ],
      operatories: [{ pms_op_num: 2, name: 'Op 2', pms_clinic_num: 2 }],
    });
    expect(result.notes).toEqual([
      'provider 3 (Old Timer) left out: hidden or not active in Open Dental',
      'provider 4 (Hidden Person) left out: hidden or not active in Open Dental',
      'operatory 3 (Storage) left out: hidden in Open Dental',
      'provider 9 is offered in the configuration but Open Dental does not list it',
    ]);
  });

  it("keeps the operator's translations of a clinic's texts, and adds none where there are none", () => {
    const translated = {
      ...configured,
      clinics: [
        {
          ...configured.clinics[0]!,
          display_location: 'Downtown',
          translations: { es: { display_location: 'Centro' } },
        },
      ],
    };
    const result = buildSyncResult(office, translated);
    expect(result.offered.clinics[0]).toMatchObject({
      display_location: 'Downtown',
      translations: { es: { display_location: 'Centro' } },
    });
    expect(result.not_offered.clinics[0]).not.toHaveProperty('translations');
    const stored = { ...configured, clinics: [{ ...configured.clinics[0]!, translations: {} }] };
    expect(buildSyncResult(office, stored).offered.clinics[0]).not.toHaveProperty('translations');
  });

  it('prints entries that the configuration file accepts as they are', () => {
    const { offered, not_offered } = buildSyncResult(office, configured);
    const practice = {
      form_url: 'bright-smile-od',
      name: 'Bright Smile OD',
      server_tz: 'America/Chicago',
      clinic_set_up: true,
      pms: { type: 'opendental', customer_key: 'demo' },
      clinics: [...offered.clinics, ...not_offered.clinics],
      providers: [...offered.providers, ...not_offered.providers],
      operatories: [...offered.operatories, ...not_offered.operatories],
    };
    const parsed = parsePracticeConfigFile({ practices: [practice] });
    expect(parsed.ok ? [] : parsed.problems).toEqual([]);
  });
});
