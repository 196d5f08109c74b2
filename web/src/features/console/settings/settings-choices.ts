import type { Choice } from './setting-fields.tsx';
import type { SettingsDocument } from './settings-document.ts';

/** Sunday first, as the practice file numbers weekdays (0-6). */
export const WEEKDAY_CHOICES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map(
  (label, value) => ({ value, label }),
);

/** The document's providers, chairs and clinics by name, for the selects and checkboxes that pick them. */
export function settingChoices(draft: SettingsDocument): { providers: Choice[]; chairs: Choice[]; clinics: Choice[] } {
  return {
    providers: draft.providers.map((provider) => ({
      value: provider.pms_prov_num,
      label: providerName(provider),
    })),
    chairs: draft.operatories.map((chair) => ({ value: chair.pms_op_num, label: chair.name })),
    clinics: draft.clinics.map((clinic) => ({
      value: clinic.pms_clinic_num,
      label: clinic.display_name ?? clinic.pms_abbr ?? `Clinic ${clinic.pms_clinic_num}`,
    })),
  };
}

export function providerName(provider: SettingsDocument['providers'][number]): string {
  const fullName = [provider.provider_first_name, provider.provider_last_name].filter(Boolean).join(' ');
  return provider.provider_display_name ?? (fullName || `Provider ${provider.pms_prov_num}`);
}
