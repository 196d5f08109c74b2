import { describe, expect, it } from 'vitest';
import type { BookingBody } from '#domain/booking/booking-schemas.ts';
import { describeAppointment, isSameBooking } from './own-checkout.ts';
import type { SessionAppointment } from './payments-repository.ts';

const EARLIER: SessionAppointment = {
  id: 'a1',
  practice_id: 'p1',
  status: 'pending_payment',
  payment_status: 'pending',
  payment_session_id: 'cs_1',
  amount_cents: 7500,
  reason_id: 'r1',
  reference: 'ACDEFGH',
  form_url: 'bright-smile',
  reason_name: 'Whitening',
  reason_translations: {},
  language: 'en',
  starts_at: new Date('2026-03-03T14:00:00Z'),
  ends_at: new Date('2026-03-03T14:30:00Z'),
  hold_expires_at: new Date('2026-03-02T12:41:00Z'),
  pms_prov_num: 1,
  pms_clinic_num: null,
  server_tz: 'America/New_York',
  first_name: 'Ana',
  last_name: 'Lopez',
  dob: '1990-01-01',
  email: 'ana@example.com',
  wireless_phone: '2125550100',
  patient_status: 'New Patient',
  is_patient: true,
  booker_first_name: null,
  booker_last_name: null,
  booker_dob: null,
  user_message: null,
  insurance_details: null,
};
const BODY = {
  apt_date: '2026-03-03',
  start_time: '09:00:00',
  pms_prov_num: 1,
  pms_clinic_num: null,
  first_name: 'ANA',
  last_name: 'lopez',
  dob: '1990-01-01',
  email: 'Ana@Example.com',
  wireless_phone: '2125550100',
  patient_status: 'New Patient',
  is_patient: true,
  booker: null,
  message: null,
  insurance: null,
} as unknown as BookingBody;

describe('isSameBooking', () => {
  it('is the same booking for the same reason, local time, provider and person, whatever the letter case', () => {
    expect(isSameBooking(EARLIER, 'r1', BODY)).toBe(true);
  });

  it('is the same booking when First Available (0) asks again for the time its hold took (ADR 0062)', () => {
    expect(isSameBooking(EARLIER, 'r1', { ...BODY, pms_prov_num: 0 })).toBe(true);
  });

  it.each<[string, Partial<BookingBody>, string?]>([
    ['another time', { start_time: '09:30:00' }],
    ['another day', { apt_date: '2026-03-04' }],
    ['another provider', { pms_prov_num: 2 }],
    ['another person', { first_name: 'Eva' }],
    ['another phone', { wireless_phone: '2125550199' }],
    ['a message', { message: 'Sensitive teeth' }],
    ['insurance', { insurance: { insurance: 'Delta' } } as unknown as Partial<BookingBody>],
    ['another reason', {}, 'r2'],
  ])('is a changed booking with %s', (_name, change, reasonId = 'r1') => {
    expect(isSameBooking(EARLIER, reasonId, { ...BODY, ...change })).toBe(false);
  });
});

describe('describeAppointment', () => {
  it('is held, with its end, while the hold lasts; released after', () => {
    expect(describeAppointment(EARLIER, new Date('2026-03-02T12:00:00Z'))).toEqual({
      state: 'held',
      apt_date: '2026-03-03',
      start_time: '09:00:00',
      time_zone: 'America/New_York',
      held_until: '2026-03-02T12:41:00.000Z',
      can_retry_payment: true,
    });
    expect(describeAppointment(EARLIER, new Date('2026-03-02T12:42:00Z'))).toMatchObject({
      state: 'released',
      held_until: null,
      can_retry_payment: false,
    });
  });

  it('is booked, and payable again only while unpaid', () => {
    const booked = { ...EARLIER, status: 'booked' as const, hold_expires_at: null };
    expect(describeAppointment({ ...booked, payment_status: 'unpaid' }, new Date())).toMatchObject({
      state: 'booked',
      can_retry_payment: true,
    });
    expect(describeAppointment({ ...booked, payment_status: 'paid' }, new Date())).toMatchObject({
      state: 'booked',
      can_retry_payment: false,
    });
  });
});
