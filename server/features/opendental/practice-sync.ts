import type { OpenDentalClient } from '../../adapters/pms/opendental/opendental-client.ts';
import {
  OdClinicSchema,
  OdOperatorySchema,
  OdProviderSchema,
  type OdClinic,
  type OdOperatory,
  type OdProvider,
} from '../../adapters/pms/opendental/opendental-schemas.ts';
import type { ConfiguredSetup } from './practice-sync-repository.ts';

/**
 * `npm run practice:sync`: what the office's Open Dental has, in the configuration file's own
 * shape, split into what the practice offers online today and what it does not. The operator
 * pastes the first part into the file (moving entries across to offer them) and re-imports.
 * Names the operator chose (display names, pictures) are kept; Open Dental's own fields are fresh.
 */

export interface OfficeSetup {
  clinics: OdClinic[];
  providers: OdProvider[];
  operatories: OdOperatory[];
}

type Lists = {
  clinics: Record<string, unknown>[];
  providers: Record<string, unknown>[];
  operatories: Record<string, unknown>[];
};

export interface SyncResult {
  offered: Lists;
  not_offered: Lists;
  /** Human-readable lines: hidden or inactive rows left out, configured rows Open Dental no longer has. */
  notes: string[];
}

/** Three lists, one after the other through the office's throttle queue. */
export async function readOfficeSetup(client: OpenDentalClient): Promise<OfficeSetup> {
  const clinics = await client.getAll('/clinics', {}, OdClinicSchema);
  const providers = await client.getAll('/providers', {}, OdProviderSchema);
  const operatories = await client.getAll('/operatories', {}, OdOperatorySchema);
  return { clinics, providers, operatories };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

export function buildSyncResult(office: OfficeSetup, configured: ConfiguredSetup): SyncResult {
  const result: SyncResult = {
    offered: { clinics: [], providers: [], operatories: [] },
    not_offered: { clinics: [], providers: [], operatories: [] },
    notes: [],
  };
  const place = (list: keyof Lists, isOffered: boolean, entry: Record<string, unknown>) =>
    (isOffered ? result.offered : result.not_offered)[list].push(entry);

  const clinics = new Map(configured.clinics.map((c) => [c.pms_clinic_num, c]));
  for (const clinic of office.clinics) {
    if (clinic.IsHidden) continue;
    const mine = clinics.get(clinic.ClinicNum);
    place('clinics', mine?.is_active ?? false, {
      pms_clinic_num: clinic.ClinicNum,
      display_name: mine?.display_name ?? orNull(clinic.Description),
      pms_abbr: orNull(clinic.Abbr),
      display_location: mine?.display_location ?? null,
      pms_city: orNull(clinic.City),
      display_address: mine?.display_address ?? null,
      pms_address1: orNull(clinic.Address),
      display_phone: mine?.display_phone ?? orNull(clinic.Phone),
      pms_state: orNull(clinic.State),
      pms_zip: orNull(clinic.Zip),
      // Open Dental knows no translations: the operator's stay with the names they translate.
      ...(mine?.translations && Object.keys(mine.translations).length > 0 ? { translations: mine.translations } : {}),
    });
  }

  const providers = new Map(configured.providers.map((p) => [p.pms_prov_num, p]));
  for (const provider of office.providers) {
    const name = `${provider.FName} ${provider.LName}`.trim();
    if (provider.IsHidden || (provider.ProvStatus !== '' && provider.ProvStatus !== 'Active')) {
      result.notes.push(
        `provider ${provider.ProvNum} (${name || provider.Abbr}) left out: hidden or not active in Open Dental`,
      );
      continue;
    }
    const mine = providers.get(provider.ProvNum);
    place('providers', mine?.is_active ?? false, {
      pms_prov_num: provider.ProvNum,
      provider_display_name: mine?.provider_display_name ?? orNull(provider.PreferredName) ?? orNull(name),
      provider_first_name: orNull(provider.FName),
      provider_last_name: orNull(provider.LName),
      profile_pic: mine?.profile_pic ?? null,
    });
  }

  const operatories = new Map(configured.operatories.map((o) => [o.pms_op_num, o]));
  for (const operatory of office.operatories) {
    if (operatory.IsHidden) {
      result.notes.push(`operatory ${operatory.OperatoryNum} (${operatory.OpName}) left out: hidden in Open Dental`);
      continue;
    }
    const mine = operatories.get(operatory.OperatoryNum);
    place('operatories', mine?.is_active ?? false, {
      pms_op_num: operatory.OperatoryNum,
      name: mine?.name ?? orNull(operatory.OpName) ?? `Operatory ${operatory.OperatoryNum}`,
      pms_clinic_num: operatory.ClinicNum > 0 ? operatory.ClinicNum : null,
    });
  }

  const missing = (kind: string, nums: number[], known: Set<number>) =>
    nums
      .filter((n) => !known.has(n))
      .forEach((n) =>
        result.notes.push(`${kind} ${n} is offered in the configuration but Open Dental does not list it`),
      );
  missing(
    'clinic',
    configured.clinics.filter((c) => c.is_active).map((c) => c.pms_clinic_num),
    new Set(office.clinics.map((c) => c.ClinicNum)),
  );
  missing(
    'provider',
    configured.providers.filter((p) => p.is_active).map((p) => p.pms_prov_num),
    new Set(office.providers.map((p) => p.ProvNum)),
  );
  missing(
    'operatory',
    configured.operatories.filter((o) => o.is_active).map((o) => o.pms_op_num),
    new Set(office.operatories.map((o) => o.OperatoryNum)),
  );
  return result;
}
