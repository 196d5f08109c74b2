import { ImageUploadField } from '../../settings-media/image-upload-field.tsx';
import { ReadOnlyContext, useSettingsDraft } from '../settings-draft-context.ts';
import { SettingCheck, SettingInput } from '../setting-fields.tsx';
import { SettingsSection } from '../settings-list.tsx';
import { providerName } from '../settings-choices.ts';
import { OpenDentalNote } from './open-dental-note.tsx';

/**
 * Providers' names as patients see them, whether each is offered for booking, their photos, and the chairs' names.
 * Providers and chairs come from the practice file or Open Dental with their numbers, so none is added here. Whether
 * a provider is offered and their photo are this product's settings even on Open Dental (ADR 0084).
 */
export function ProvidersSection({ isOpenDental }: { isOpenDental: boolean }) {
  const { draft, change } = useSettingsDraft();
  return (
    <SettingsSection
      id="settings-providers"
      heading="Providers and chairs"
      note={isOpenDental && <OpenDentalNote canRefresh />}
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {draft.providers.map((provider, index) => (
          <div key={provider.pms_prov_num} role="group" aria-label={providerName(provider)} className="flex flex-col">
            <ReadOnlyContext.Provider value={isOpenDental}>
              <SettingInput
                path={['providers', index, 'provider_display_name']}
                label={`Name shown for ${providerName(provider)}`}
              />
            </ReadOnlyContext.Provider>
            <SettingCheck path={['providers', index, 'is_active']} isOnWhenAbsent>
              Offered for booking
            </SettingCheck>
            <ImageUploadField
              purpose="provider_photo"
              label={`Photo of ${providerName(provider)}`}
              value={provider.profile_pic ?? null}
              onUploaded={(url) => change(['providers', index, 'profile_pic'], url)}
            />
          </div>
        ))}
      </div>
      <ReadOnlyContext.Provider value={isOpenDental}>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {draft.operatories.map((chair, index) => (
            <SettingInput
              key={chair.pms_op_num}
              path={['operatories', index, 'name']}
              label={`Chair ${chair.pms_op_num}`}
            />
          ))}
        </div>
      </ReadOnlyContext.Provider>
      <p className="text-slate-700">A new photo is kept with the next Save.</p>
    </SettingsSection>
  );
}
