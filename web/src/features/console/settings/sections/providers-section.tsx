import { ReadOnlyContext, useSettingsDraft } from '../settings-draft-context.ts';
import { SettingInput } from '../setting-fields.tsx';
import { SettingsSection } from '../settings-list.tsx';
import { providerName } from '../settings-choices.ts';
import { OpenDentalNote } from './open-dental-note.tsx';

/**
 * Providers' names as patients see them, and the chairs' names. Providers and chairs come from the practice file
 * or Open Dental with their numbers, so none is added here (the practice file has no provider activation either).
 */
export function ProvidersSection({ isOpenDental }: { isOpenDental: boolean }) {
  const { draft } = useSettingsDraft();
  return (
    <SettingsSection id="settings-providers" heading="Providers and chairs" note={isOpenDental && <OpenDentalNote />}>
      <ReadOnlyContext.Provider value={isOpenDental}>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {draft.providers.map((provider, index) => (
            <SettingInput
              key={provider.pms_prov_num}
              path={['providers', index, 'provider_display_name']}
              label={`Name shown for ${providerName(provider)}`}
            />
          ))}
          {draft.operatories.map((chair, index) => (
            <SettingInput
              key={chair.pms_op_num}
              path={['operatories', index, 'name']}
              label={`Chair ${chair.pms_op_num}`}
            />
          ))}
        </div>
      </ReadOnlyContext.Provider>
    </SettingsSection>
  );
}
