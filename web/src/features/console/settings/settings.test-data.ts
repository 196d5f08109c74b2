import { NEW_REASON } from './sections/reasons-section.tsx';
import type { SettingsDocument } from './settings-document.ts';
import type { ApiHandler } from '../console-test-kit.tsx';

const WEEKDAYS_NINE_TO_FIVE = {
  weekdays: [1, 2, 3, 4, 5],
  start: '09:00',
  end: '17:00',
  breaks: [{ start: '12:00', end: '13:00' }],
};

/** A practice as `GET /api/v1/staff/settings` answers it: two providers in two chairs, one reason, a closure. */
export function buildSettings(overrides: Partial<SettingsDocument> = {}): SettingsDocument {
  const practice = {
    form_url: 'bright-smile',
    version: 0,
    name: 'Bright Smile Dental',
    description: 'Family dentistry.',
    phone: '(512) 555-0100',
    address_line1: '1 Main St',
    city: 'Austin',
    state: 'TX',
    zipcode: '78701',
    server_tz: 'America/Chicago',
    min_hours_before_booking: 2,
    booking_horizon_months: 11,
    is_accepting_patients: true,
    form_customization: { brand_color: '#334155', button_color_1: '#0f766e', button_color_2: '#0f766e' },
    reschedule_cutoff_hours: 24,
    cancel_cutoff_hours: 24,
    max_reschedules: 2,
    refund_deposit_if_cancelled_hours_before: 48,
    reminder_rules: [{ before_hours: 24, channels: ['email'] }],
    quiet_hours: { start: '20:00', end: '08:00' },
    pms: { type: 'builtin' },
    clinics: [],
    providers: [
      {
        pms_prov_num: 1,
        provider_display_name: 'Dr. Ada Adams',
        provider_first_name: 'Ada',
        provider_last_name: 'Adams',
      },
      {
        pms_prov_num: 2,
        provider_display_name: 'Dr. Ben Brown',
        provider_first_name: 'Ben',
        provider_last_name: 'Brown',
      },
    ],
    operatories: [
      { pms_op_num: 11, name: 'Chair 1', pms_clinic_num: null },
      { pms_op_num: 12, name: 'Chair 2', pms_clinic_num: null },
    ],
    reasons: [
      {
        ...NEW_REASON,
        name: 'Exam',
        amount: 0,
        is_payment_enabled: false,
        to_show_providers: false,
        providers: [],
        clinics: [],
      },
    ],
    schedules: [{ pms_prov_num: 1, pms_op_num: 11, pms_clinic_num: null, ...WEEKDAYS_NINE_TO_FIVE }],
    closures: [{ date: '2026-12-25', name: 'Christmas Day' }],
    time_off: [],
  };
  return { ...practice, ...overrides } as unknown as SettingsDocument;
}

/** The settings routes of a practice at `version`, its `PUT` answered by `onSave` (200 with the next version). */
export function settingsRoutes(
  practice: SettingsDocument,
  version: number,
  onSave: ApiHandler = () => ({ result: { version: version + 1, changes: [] } }),
): Record<string, ApiHandler> {
  return {
    'GET /api/v1/staff/settings': () => ({ result: { version, practice } }),
    'PUT /api/v1/staff/settings': onSave,
    'GET /api/v1/staff/settings/history': () => ({ result: [] }),
  };
}

export const FRONT_DESK_PERMISSIONS = ['schedule', 'bookings', 'feedback'] as const;
