import { useSettingsDraft } from '../settings-draft-context.ts';
import { SettingInput, SettingSelect } from '../setting-fields.tsx';
import { SettingsList, SettingsSection } from '../settings-list.tsx';
import { settingChoices } from '../settings-choices.ts';

const rowClass = 'grid grid-cols-1 gap-2 sm:grid-cols-3';

/** A provider's time away, from one local date and time to another. */
export function TimeOffSection() {
  const { draft } = useSettingsDraft();
  const { providers } = settingChoices(draft);
  return (
    <SettingsSection id="settings-time-off" heading="Provider time off">
      <SettingsList
        path={['time_off']}
        itemLabel={(_, index) => `Time off ${index + 1}`}
        addLabel="Add time off"
        newItem={() => ({ pms_prov_num: providers[0]?.value ?? null, start: '', end: '' })}
        rowClassName={rowClass}
      >
        {(path) => (
          <>
            <SettingSelect path={[...path, 'pms_prov_num']} label="Provider" choices={providers} />
            <SettingInput path={[...path, 'start']} label="From" type="datetime-local" />
            <SettingInput path={[...path, 'end']} label="Until" type="datetime-local" />
          </>
        )}
      </SettingsList>
    </SettingsSection>
  );
}
