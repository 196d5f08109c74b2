import type { AuditEntry } from '#domain/staff/staff-accounts-schemas.ts';

/** The trail's actions in words; one the console does not know yet is shown as the server wrote it. */
const ACTIONS: Record<string, string> = {
  'session.sign_in': 'Signed in',
  'session.sign_out': 'Signed out',
  'session.sign_out_everywhere': 'Signed out everywhere',
  'session.switch_practice': 'Switched practice',
  'account.set_password': 'Set a password',
  'account.totp_enable': 'Turned on the second factor',
  'appointment.view': 'Opened a booking',
  'appointment.search': 'Searched bookings',
  search: 'Searched bookings',
  'appointment.create': 'Booked a patient by phone',
  'appointment.confirm': 'Confirmed a booking',
  'appointment.arrived': 'Marked arrived',
  'appointment.no_show': 'Marked no-show',
  'appointment.cancel': 'Cancelled a booking',
  'appointment.reschedule': 'Rescheduled a booking',
  'appointment.resend_confirmation': 'Resent a confirmation',
  export: 'Exported bookings',
  'schedule.block': 'Blocked time',
  'schedule.unblock': 'Removed blocked time',
  'feedback.view': 'Opened feedback',
  'feedback.handled': 'Marked feedback handled',
  'review_request.send': 'Sent a review request',
  'staff.invite': 'Invited a staff member',
  'staff.role_change': 'Changed a role',
  'staff.deactivate': 'Deactivated a staff member',
  'staff.reactivate': 'Reactivated a staff member',
  'staff.second_factor_reset': 'Reset a second factor',
  'practice.security': 'Changed security settings',
  'audit.view': 'Read the audit trail',
  'audit.export': 'Exported the audit trail',
};

const TARGETS: Record<string, string> = {
  appointment: 'Booking',
  appointments: 'Bookings',
  feedback: 'Feedback',
  practice: 'Practice',
  review_request: 'Review request',
  schedule_block: 'Blocked time',
  staff_account: 'Staff account',
};

export const actionLabel = (action: string) => ACTIONS[action] ?? action;

/** "Booking 5f0c…": which record, when the row names one. */
export function recordLabel(entry: Pick<AuditEntry, 'target_type' | 'target_id'>): string {
  if (!entry.target_type && !entry.target_id) return '—';
  const kind = entry.target_type ? (TARGETS[entry.target_type] ?? entry.target_type) : 'Record';
  return entry.target_id ? `${kind} ${entry.target_id}` : kind;
}

function valueText(value: unknown): string {
  if (Array.isArray(value)) return value.join(', ');
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

/** The details as "key: value" pairs, lists joined; the CSV export carries them whole. */
export function detailsText(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([key, value]) => `${key.replaceAll('_', ' ')}: ${valueText(value)}`)
    .join('; ');
}
