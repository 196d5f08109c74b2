import { HORIZON_MONTHS_AHEAD } from '#domain/availability/booking-horizon.ts';
import { REMINDER_CHANNELS } from '#domain/reminders/reminder-schedule.ts';
import { SettingCheck, SettingInput, TimeRangeFields } from '../setting-fields.tsx';
import { SettingChoices, SettingsList, SettingsSection } from '../settings-list.tsx';

const gridClass = 'grid grid-cols-1 gap-2 sm:grid-cols-2';
const CHANNEL_LABELS: Record<(typeof REMINDER_CHANNELS)[number], string> = { email: 'E-mail', text: 'Text message' };

/** When patients may book, cancel and move, refunds, reminders and the hours no text goes. */
export function PoliciesSection() {
  return (
    <SettingsSection id="settings-policies" heading="Policies">
      <SettingCheck path={['is_accepting_patients']}>Accepting new bookings online</SettingCheck>
      <div className={gridClass}>
        <SettingInput
          path={['min_hours_before_booking']}
          label="Lead time in hours"
          type="number"
          hint="The earliest slot offered is this many hours from now."
        />
        <SettingInput path={['cancel_cutoff_hours']} label="Cancel up to (hours before)" type="number" />
        <SettingInput path={['reschedule_cutoff_hours']} label="Reschedule up to (hours before)" type="number" />
        <SettingInput path={['max_reschedules']} label="Reschedules per booking" type="number" />
        <SettingInput
          path={['refund_deposit_if_cancelled_hours_before']}
          label="Refund a deposit when cancelled (hours before)"
          type="number"
        />
        <SettingInput
          path={['booking_horizon_months']}
          label="Booking horizon in months"
          type="number"
          hint={`Patients may book this many months after the current one: 1 to ${HORIZON_MONTHS_AHEAD}.`}
        />
      </div>
      <h3 className="font-semibold">Reminders</h3>
      <SettingsList
        path={['reminder_rules']}
        itemLabel={(_, index) => `Reminder ${index + 1}`}
        addLabel="Add a reminder"
        newItem={() => ({ before_hours: 24, channels: ['email'] })}
        rowClassName={gridClass}
      >
        {(path) => (
          <>
            <SettingInput path={[...path, 'before_hours']} label="Hours before the visit" type="number" />
            <SettingChoices
              path={[...path, 'channels']}
              legend="Sent by"
              choices={REMINDER_CHANNELS.map((channel) => ({ value: channel, label: CHANNEL_LABELS[channel] }))}
            />
          </>
        )}
      </SettingsList>
      <div className={gridClass}>
        <TimeRangeFields path={['quiet_hours']} labels={['No texts from', 'No texts until']} />
      </div>
    </SettingsSection>
  );
}
