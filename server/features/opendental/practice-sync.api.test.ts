import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenDentalConnector } from '../../adapters/pms/opendental/opendental-connector.ts';
import {
  odClinic,
  odOperatory,
  odProvider,
  startFakeOpenDental,
  type FakeOpenDental,
} from '../../test/fake-opendental-server.ts';
import { importPractices, practiceConfig } from '../../test/practice-factory.ts';
import { fixedClock, withTestDatabase } from '../../test/test-app.ts';
import { loadConfiguredSetup } from './practice-sync-repository.ts';
import { buildSyncResult, readOfficeSetup } from './practice-sync.ts';

let fake: FakeOpenDental;

beforeAll(async () => {
  fake = await startFakeOpenDental();
  const office = fake.office('sync-office');
  office.clinics = [odClinic(1, 'Downtown'), odClinic(2, 'Uptown')];
  office.providers = Array.from({ length: 105 }, (_, i) => odProvider(i + 1, `First${i + 1}`, `Last${i + 1}`));
  office.operatories = [odOperatory(1, 'Op 1', { ClinicNum: 1 }), odOperatory(2, 'Op 2', { ClinicNum: 2 })];
});
afterAll(async () => {
  await fake?.close();
});
const ctx = withTestDatabase();

describe('practice:sync against the database and the Open Dental stand-in', () => {
  it("marks what the practice offers from its configuration and pages through the office's lists", async () => {
    const ids = await importPractices(
      ctx.db,
      practiceConfig({
        form_url: 'sync-practice',
        clinic_set_up: true,
        pms: { type: 'opendental', customer_key: 'sync-office' },
        clinics: [{ pms_clinic_num: 1, display_name: 'Our Downtown' }],
        providers: [{ pms_prov_num: 2, provider_display_name: 'Dr. Two' }],
        operatories: [{ pms_op_num: 1, name: 'Chair 1', pms_clinic_num: 1 }],
        schedules: [],
      }),
    );
    const connector = createOpenDentalConnector(
      { apiUrl: fake.baseUrl, developerKey: fake.developerKey, requestsPerSecond: 200 },
      { clock: fixedClock('2026-03-02T12:00:00Z') },
    );
    const result = buildSyncResult(
      await readOfficeSetup(connector.clientFor('sync-office')),
      await loadConfiguredSetup(ctx.db, ids['sync-practice']!),
    );

    expect(result.offered.clinics).toEqual([
      expect.objectContaining({ pms_clinic_num: 1, display_name: 'Our Downtown' }),
    ]);
    expect(result.offered.providers).toEqual([
      expect.objectContaining({ pms_prov_num: 2, provider_display_name: 'Dr. Two', provider_first_name: 'First2' }),
    ]);
    expect(result.offered.operatories).toEqual([{ pms_op_num: 1, name: 'Chair 1', pms_clinic_num: 1 }]);
    expect(result.not_offered.clinics.map((c) => c.pms_clinic_num)).toEqual([2]);
    expect(result.not_offered.providers).toHaveLength(104);
    expect(result.not_offered.operatories).toEqual([{ pms_op_num: 2, name: 'Op 2', pms_clinic_num: 2 }]);
    expect(fake.requests.map((r) => `${r.path}?${r.query}`)).toEqual([
      '/clinics?',
      '/providers?',
      '/providers?Offset=100',
      '/operatories?',
    ]);
  });
});
