import { describe, expect, it } from 'vitest';
import { parsePracticeConfigFile, type PracticeConfig } from '#domain/practice/practice-config-schema.ts';
import { OdOperatorySchema, OdProviderSchema } from '../../adapters/pms/opendental/opendental-schemas.ts';
import { odOperatory, odProvider, syncedProvider } from '../../test/fake-opendental-server.ts';
import { configuredSetupFromFile, mergeSyncIntoPractice } from './practice-sync-file.ts';
import { buildSyncResult, type OfficeSetup } from './practice-sync.ts';

const office: OfficeSetup = {
  clinics: [],
  providers: [odProvider(1, 'Ana', 'Ruiz'), odProvider(2, 'Ben', 'Carter'), odProvider(4, 'Dan', 'Hill')].map((p) =>
    OdProviderSchema.parse(p),
  ),
  operatories: [odOperatory(1, 'Op 1'), odOperatory(4, 'Op 4')].map((o) => OdOperatorySchema.parse(o)),
};

/** A practice as an operator writes it: short, defaults left out. */
const raw = () => ({
  form_url: 'od',
  name: 'OD Practice',
  server_tz: 'America/Chicago',
  pms: { type: 'opendental', customer_key: 'k' },
  providers: [
    { pms_prov_num: 1, provider_display_name: 'Dr. Ana' },
    { pms_prov_num: 3, provider_display_name: 'Dr. Gone' },
  ],
  operatories: [{ pms_op_num: 1, name: 'Chair 1' }],
  reasons: [{ name: 'Exam', providers: [1, 3] }],
});

function parsed(practice: Record<string, unknown>): PracticeConfig {
  const result = parsePracticeConfigFile({ practices: [practice] });
  if (!result.ok) throw new Error(result.problems.join('\n'));
  return result.value.practices[0]!;
}

function sync(practice: Record<string, unknown>) {
  return mergeSyncIntoPractice(practice, buildSyncResult(office, configuredSetupFromFile(parsed(practice))));
}

describe('practice:sync --write', () => {
  it('puts what Open Dental adds under not_offered and keeps the offered entries and their names', () => {
    const { practice, change } = sync(raw());
    expect(practice.providers).toEqual([
      syncedProvider(1, 'Ana', 'Ruiz', 'Dr. Ana'),
      // Gone from Open Dental but named by a reason: kept as written, and reported.
      { pms_prov_num: 3, provider_display_name: 'Dr. Gone' },
    ]);
    expect(practice.operatories).toEqual([{ pms_op_num: 1, name: 'Chair 1', pms_clinic_num: null }]);
    expect(practice.not_offered).toEqual({
      clinics: [],
      providers: [syncedProvider(2, 'Ben', 'Carter'), syncedProvider(4, 'Dan', 'Hill')],
      operatories: [{ pms_op_num: 4, name: 'Op 4', pms_clinic_num: null }],
    });
    expect(change).toEqual({ added: ['provider 2', 'provider 4', 'operatory 4'], keptMissing: ['provider 3'] });
    // The operator's order of keys stays; not_offered follows the lists; the rest is untouched.
    expect(Object.keys(practice)).toEqual([
      'form_url',
      'name',
      'server_tz',
      'pms',
      'providers',
      'operatories',
      'not_offered',
      'reasons',
    ]);
    expect(practice.reasons).toEqual(raw().reasons);
  });

  it("keeps the practice's own settings, such as its texting sender, as written", () => {
    const { practice } = sync({ ...raw(), sms_from: '+15125550111' });
    expect(practice.sms_from).toBe('+15125550111');
    expect(parsed(practice).sms_from).toBe('+15125550111');
  });

  it('changes nothing on a second run, and keeps a choice the operator made in between', () => {
    const once = sync(raw()).practice;
    expect(sync(once)).toEqual({ practice: once, change: { added: [], keptMissing: ['provider 3'] } });

    // The operator offers Ben: moved from not_offered into providers, renamed.
    const chosen = structuredClone(once) as typeof once & {
      providers: Record<string, unknown>[];
      not_offered: { providers: Record<string, unknown>[] };
    };
    const ben = chosen.not_offered.providers.shift()!;
    chosen.providers.push({ ...ben, provider_display_name: 'Dr. Ben' });
    const again = sync(chosen).practice as typeof chosen;
    expect(again.providers.map((p) => [p.pms_prov_num, p.provider_display_name])).toEqual([
      [1, 'Dr. Ana'],
      [2, 'Dr. Ben'],
      [3, 'Dr. Gone'],
    ]);
    expect(again.not_offered.providers.map((p) => p.pms_prov_num)).toEqual([4]);
    expect(parsed(again).not_offered?.providers).toHaveLength(1);
  });

  it('refuses a file with an entry both offered and under not_offered', () => {
    const both = { ...raw(), not_offered: { providers: [{ pms_prov_num: 1 }] } };
    expect(parsePracticeConfigFile({ practices: [both] })).toEqual({
      ok: false,
      problems: ['practices[0].not_offered.providers[0]: is also in providers: keep it in one of the two lists'],
    });
  });
});
