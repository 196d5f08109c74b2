import { useSettingsDraft } from '../settings-draft-context.ts';
import { SettingCheck, SettingInput } from '../setting-fields.tsx';
import { SettingChoices, SettingsList, SettingsSection } from '../settings-list.tsx';
import { settingChoices } from '../settings-choices.ts';

/**
 * A reason added here. What it leaves out (no price, no payment, any provider and clinic) the practice file's schema
 * fills with its own defaults; not imported from it, since its rules would grow the console's shared script.
 */
export const NEW_REASON = {
  name: '',
  final_duration: 30,
  for_new_patients: true,
  for_returning_patients: true,
  is_active: true,
};

const pairClass = 'grid grid-cols-1 gap-2 sm:grid-cols-2';

/** Reasons for visit: what a patient picks on page 3, with its length, who may book it, and its price. */
export function ReasonsSection() {
  const { draft } = useSettingsDraft();
  const { providers, clinics } = settingChoices(draft);
  return (
    <SettingsSection id="settings-reasons" heading="Reasons for visit">
      <SettingsList
        path={['reasons']}
        itemLabel={(reason: { name: string }, index) => reason.name || `Reason ${index + 1}`}
        addLabel="Add a reason"
        newItem={() => ({ ...NEW_REASON })}
      >
        {(path) => (
          <>
            <div className={pairClass}>
              <SettingInput path={[...path, 'name']} label="Name" />
              <SettingInput path={[...path, 'translations', 'es', 'name']} label="Name in Spanish" isOmittedWhenEmpty />
              <SettingInput path={[...path, 'final_duration']} label="Length in minutes" type="number" />
              <SettingInput path={[...path, 'amount']} label="Price in dollars" type="number" />
            </div>
            <SettingCheck path={[...path, 'is_payment_enabled']}>Take the price when booking</SettingCheck>
            <SettingCheck path={[...path, 'for_new_patients']}>New patients may book it</SettingCheck>
            <SettingCheck path={[...path, 'for_returning_patients']}>Returning patients may book it</SettingCheck>
            <SettingChoices
              path={[...path, 'providers']}
              legend="Providers (none ticked: any provider)"
              choices={providers.map((p) => ({ value: p.value!, label: p.label }))}
            />
            {clinics.length > 1 && (
              <SettingChoices
                path={[...path, 'clinics']}
                legend="Clinics (none ticked: every clinic)"
                choices={clinics.map((c) => ({ value: c.value!, label: c.label }))}
              />
            )}
            <SettingCheck path={[...path, 'is_active']}>Offered to patients</SettingCheck>
          </>
        )}
      </SettingsList>
    </SettingsSection>
  );
}
