import type { ClinicTextField, Translations } from '#domain/practice/practice-translations.ts';
import type { Queryable } from '../../db/database.ts';

/** The practice's clinics, providers and operatories as configured; `is_active` means offered online. */
export interface ConfiguredSetup {
  clinics: {
    pms_clinic_num: number;
    display_name: string | null;
    display_location: string | null;
    display_address: string | null;
    display_phone: string | null;
    /** The operator's translations of the names (ADR 0034): kept as they are. */
    translations?: Translations<ClinicTextField>;
    is_active: boolean;
  }[];
  providers: {
    pms_prov_num: number;
    provider_display_name: string | null;
    profile_pic: string | null;
    is_active: boolean;
  }[];
  operatories: { pms_op_num: number; name: string; is_active: boolean }[];
}

export async function loadConfiguredSetup(db: Queryable, practiceId: string): Promise<ConfiguredSetup> {
  const clinics = await db.query<ConfiguredSetup['clinics'][number]>(
    `select pms_clinic_num, display_name, display_location, display_address, display_phone, translations, is_active
       from clinics where practice_id = $1 order by sort_order, pms_clinic_num`,
    [practiceId],
  );
  const providers = await db.query<ConfiguredSetup['providers'][number]>(
    'select pms_prov_num, provider_display_name, profile_pic, is_active from providers where practice_id = $1 ' +
      'order by sort_order, pms_prov_num',
    [practiceId],
  );
  const operatories = await db.query<ConfiguredSetup['operatories'][number]>(
    'select pms_op_num, name, is_active from operatories where practice_id = $1 order by pms_op_num',
    [practiceId],
  );
  return { clinics, providers, operatories };
}
