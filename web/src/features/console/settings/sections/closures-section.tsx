import { SettingCheck, SettingInput, TimeRangeFields } from '../setting-fields.tsx';
import { SettingsList, SettingsSection } from '../settings-list.tsx';

const rowClass = 'grid grid-cols-1 gap-2 sm:grid-cols-4';

/**
 * Days the practice is closed: a whole day, or part of one with both times (ADR 0079), once or every year (ADR 0084).
 */
export function ClosuresSection() {
  return (
    <SettingsSection id="settings-closures" heading="Closures">
      <p className="text-slate-700">Leave the times empty to close the whole day.</p>
      <SettingsList
        path={['closures']}
        itemLabel={(_, index) => `Closure ${index + 1}`}
        addLabel="Add a closure"
        newItem={() => ({ date: '', name: '' })}
        rowClassName={rowClass}
      >
        {(path) => (
          <>
            <SettingInput path={[...path, 'date']} label="Date" type="date" />
            <SettingInput path={[...path, 'name']} label="Name" />
            <TimeRangeFields path={path} labels={['Closed from', 'Closed until']} isOmittedWhenEmpty />
            <SettingCheck path={[...path, 'yearly']} isOmittedWhenOff>
              Every year
            </SettingCheck>
          </>
        )}
      </SettingsList>
    </SettingsSection>
  );
}
