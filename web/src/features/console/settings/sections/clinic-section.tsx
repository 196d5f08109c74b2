import { useSettingsDraft } from '../settings-draft-context.ts';
import { SettingInput } from '../setting-fields.tsx';
import { SettingsSection } from '../settings-list.tsx';

const gridClass = 'grid grid-cols-1 gap-2 sm:grid-cols-2';

const PRACTICE_FIELDS = [
  ['name', 'Practice name'],
  ['phone', 'Phone'],
  ['address_line1', 'Address'],
  ['city', 'City'],
  ['state', 'State'],
  ['zipcode', 'ZIP code'],
] as const;

const CLINIC_FIELDS = [
  ['display_name', 'Name'],
  ['display_phone', 'Phone'],
  ['display_address', 'Address'],
  ['display_location', 'Area (shown under the name)'],
] as const;

/** The practice's name, address and phone, and each clinic's where there are several. */
export function ClinicSection() {
  const { draft } = useSettingsDraft();
  return (
    <SettingsSection id="settings-clinic" heading="Clinic details">
      <div className={gridClass}>
        {PRACTICE_FIELDS.map(([field, label]) => (
          <SettingInput key={field} path={[field]} label={label} />
        ))}
      </div>
      {draft.clinics.map((clinic, index) => (
        <fieldset key={clinic.pms_clinic_num} className="rounded-md border border-slate-300 p-3">
          <legend className="px-1 font-semibold">Clinic {clinic.display_name ?? clinic.pms_clinic_num}</legend>
          <div className={gridClass}>
            {CLINIC_FIELDS.map(([field, label]) => (
              <SettingInput key={field} path={['clinics', index, field]} label={label} />
            ))}
          </div>
        </fieldset>
      ))}
    </SettingsSection>
  );
}
