import { ReadOnlyContext, useSettingsDraft } from '../settings-draft-context.ts';
import { SettingSelect, TimeRangeFields } from '../setting-fields.tsx';
import { SettingChoices, SettingsList, SettingsSection } from '../settings-list.tsx';
import { settingChoices, WEEKDAY_CHOICES } from '../settings-choices.ts';
import { OpenDentalNote } from './open-dental-note.tsx';

const pairClass = 'grid grid-cols-1 gap-2 sm:grid-cols-2';

/** Weekly hours and breaks: one row per provider in a chair (and clinic, where there are several). */
export function HoursSection({ isOpenDental }: { isOpenDental: boolean }) {
  const { draft } = useSettingsDraft();
  const { providers, chairs, clinics } = settingChoices(draft);
  const first = { provider: providers[0]?.value ?? null, chair: chairs[0]?.value ?? null };
  return (
    <SettingsSection id="settings-hours" heading="Weekly hours and breaks" note={isOpenDental && <OpenDentalNote />}>
      <ReadOnlyContext.Provider value={isOpenDental}>
        <SettingsList
          path={['schedules']}
          itemLabel={(_, index) => `Hours ${index + 1}`}
          addLabel="Add hours"
          newItem={() => ({
            pms_prov_num: first.provider,
            pms_op_num: first.chair,
            pms_clinic_num: null,
            weekdays: [1, 2, 3, 4, 5],
            start: '09:00',
            end: '17:00',
            breaks: [],
          })}
        >
          {(path, _, index) => (
            <>
              <div className={pairClass}>
                <SettingSelect path={[...path, 'pms_prov_num']} label="Provider" choices={providers} />
                <SettingSelect path={[...path, 'pms_op_num']} label="Chair" choices={chairs} />
              </div>
              {clinics.length > 1 && (
                <SettingSelect
                  path={[...path, 'pms_clinic_num']}
                  label="Clinic"
                  choices={[{ value: null, label: 'The chair’s clinic' }, ...clinics]}
                />
              )}
              <SettingChoices path={[...path, 'weekdays']} legend="Weekdays" choices={WEEKDAY_CHOICES} />
              <div className={pairClass}>
                <TimeRangeFields path={path} labels={['Opens', 'Closes']} />
              </div>
              <SettingsList
                path={[...path, 'breaks']}
                itemLabel={(__, breakIndex) => `Break ${breakIndex + 1} of hours ${index + 1}`}
                addLabel={`Add a break to hours ${index + 1}`}
                newItem={() => ({ start: '12:00', end: '13:00' })}
                rowClassName={pairClass}
              >
                {(breakPath) => <TimeRangeFields path={breakPath} labels={['From', 'Until']} />}
              </SettingsList>
            </>
          )}
        </SettingsList>
      </ReadOnlyContext.Provider>
    </SettingsSection>
  );
}
