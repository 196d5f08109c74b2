import { beforeAll, describe, expect, it } from 'vitest';
import { AvailabilityListSchema } from '#domain/availability/availability-schemas.ts';
import { successEnvelopeSchema } from '#domain/api/envelope-schemas.ts';
import { findPracticeById } from '../../../features/practices/practices-repository.ts';
import { bookingBody } from '../../../test/booking-factory.ts';
import {
  blockoutSchedule,
  odAppointment,
  odOperatory,
  odProvider,
  practiceClosed,
  providerSchedule,
} from '../../../test/fake-opendental-server.ts';
import { openDentalConfig, withFakeOpenDental } from '../../../test/opendental-test-kit.ts';
import { importPractices, practiceConfig, reasonId } from '../../../test/practice-factory.ts';
import { freePort } from '../../../test/server-process.ts';
import { fixedClock, withTestApp } from '../../../test/test-app.ts';
import { PmsUnavailableError } from '../pms-adapter.ts';
import { createOpenDentalConnector } from './opendental-connector.ts';
import { createOpenDentalPmsAdapter } from './opendental-pms-adapter.ts';
import { getSlots, postBooking } from '../../../test/booking-requests.ts';

// Monday 2 March 2026, 06:00 in Chicago (CST, UTC-6); Open Dental's times are Chicago wall times.
const clock = fixedClock('2026-03-02T12:00:00Z');
let ids: Record<string, string>;
let examId: string;
let downExamId: string;

const odPractice = (formUrl: string, customerKey: string) =>
  practiceConfig({
    form_url: formUrl,
    server_tz: 'America/Chicago',
    pms: { type: 'opendental', customer_key: customerKey },
    // The factory's providers 1 and 2 in chairs 1 and 2: provider 3 and chair 3 exist in Open
    // Dental but are not offered online.
    schedules: [],
    reasons: [{ name: 'Exam', final_duration: 30, to_show_providers: true }],
  });

const fake = withFakeOpenDental((started) => {
  const office = started.office('office-1');
  office.providers = [odProvider(1, 'Ana', 'One'), odProvider(2, 'Ben', 'Two'), odProvider(3, 'Cy', 'Three')];
  office.operatories = [odOperatory(1, 'Op 1'), odOperatory(2, 'Op 2'), odOperatory(3, 'Op 3')];
  office.schedules = [
    providerSchedule('2026-03-03', 1, '08:00', '12:00', [1]),
    providerSchedule('2026-03-03', 2, '08:00', '10:00', [2]),
    providerSchedule('2026-03-03', 3, '07:00', '12:00', [3]),
    blockoutSchedule('2026-03-03', '09:00', '10:00', [1]),
    providerSchedule('2026-03-04', 1, '08:00', '12:00', [1]),
    practiceClosed('2026-03-04', 'Office closed'),
  ];
  office.appointments = [
    odAppointment({ AptNum: 500, AptDateTime: '2026-03-03 10:00:00', Pattern: '//XX//', Op: 1, ProvNum: 1 }),
  ];
  started.office('office-down');
});
const ctx = withTestApp(() => ({
  clock,
  config: openDentalConfig(fake),
  seed: async (db) => {
    ids = await importPractices(db, odPractice('od-practice', 'office-1'), odPractice('od-down', 'office-down'));
    examId = await reasonId(db, ids['od-practice']!, 'Exam');
    downExamId = await reasonId(db, ids['od-down']!, 'Exam');
  },
}));

const slots = (params: Record<string, string | number>) => getSlots(ctx.app, params);

async function starts(params: Record<string, string | number>) {
  const { status, body } = await slots({ practice_id: ids['od-practice']!, reason_for_visit_id: examId, ...params });
  expect(status).toBe(200);
  return successEnvelopeSchema(AvailabilityListSchema)
    .parse(body)
    .result.map((r) => `${r.DateTimeStart} ${r.ProvNum}/${r.OpNum}`);
}

const requestsTo = (customerKey: string) => fake.requests.filter((r) => r.authorization?.endsWith(`/${customerKey}`));

const syncMirror = (formUrl: string) => ctx.app.openDentalMirror!.syncPractice(ids[formUrl]!);

describe('slots from Open Dental', () => {
  beforeAll(() => syncMirror('od-practice'));

  it("cuts the office's schedules, blockouts and appointments into slots in the office's local time", async () => {
    const filled = requestsTo('office-1').map((r) => `${r.path}?${r.query}`);
    expect(await starts({ start_date: '2026-03-03', end_date: '2026-03-03', pms_prov_num: 1 })).toEqual([
      '2026-03-03 08:00:00 1/1',
      '2026-03-03 08:30:00 1/1',
      // 09:00-10:00 blockout, 10:00-10:30 appointment 500
      '2026-03-03 10:30:00 1/1',
      '2026-03-03 11:00:00 1/1',
      '2026-03-03 11:30:00 1/1',
    ]);
    // The first fill: each month of the horizon as two lists (every schedule type, appointments), then the
    // near dates; the slot list itself asked nothing.
    expect(filled.slice(0, 4)).toEqual([
      '/schedules?dateStart=2026-03-02&dateEnd=2026-03-31',
      '/appointments?dateStart=2026-03-02&dateEnd=2026-03-31',
      '/schedules?dateStart=2026-04-01&dateEnd=2026-04-30',
      '/appointments?dateStart=2026-04-01&dateEnd=2026-04-30',
    ]);
    expect(filled).toHaveLength(12 * 2 + 2);
    expect(filled.at(-2)).toBe('/schedules?dateStart=2026-03-02&dateEnd=2026-03-16');
    expect(requestsTo('office-1')).toHaveLength(filled.length);
  });

  it('offers only providers and chairs the practice offers online, and nothing on a practice day off', async () => {
    const earliest = await starts({ start_date: '2026-03-02', end_date: '2026-03-08' });
    expect(earliest.filter((s) => s.includes(' 3/') || s.endsWith('/3'))).toEqual([]);
    expect(earliest.filter((s) => s.startsWith('2026-03-04'))).toEqual([]);
    expect(earliest).toContain('2026-03-03 09:00:00 2/2');
  });

  it('answers from the mirror, without asking Open Dental', async () => {
    const before = requestsTo('office-1').length;
    await starts({ start_date: '2026-03-10', end_date: '2026-03-31', pms_prov_num: 2 });
    expect(requestsTo('office-1')).toHaveLength(before);
  });

  it("shows the front desk's new appointment once the near dates are refreshed", async () => {
    const office = fake.office('office-1');
    office.appointments.push({
      ...odAppointment({ AptNum: 501, AptDateTime: '2026-03-03 08:00:00', Pattern: 'XXXXXX', Op: 1, ProvNum: 1 }),
      DateTStamp: fake.stamp(),
    });
    const day = { start_date: '2026-03-03', end_date: '2026-03-03', pms_prov_num: 1 };
    expect(await starts(day)).toContain('2026-03-03 08:00:00 1/1');
    const before = requestsTo('office-1').length;
    await syncMirror('od-practice');
    // Only what changed since the last poll was asked for (DateTStamp), besides the near schedules.
    expect(
      requestsTo('office-1')
        .slice(before)
        .map((r) => r.query.has('DateTStamp')),
    ).toEqual([false, true]);
    // The change cleared the slot cache: no need to wait out its 20 seconds.
    expect(await starts(day)).not.toContain('2026-03-03 08:00:00 1/1');
  });

  it('books through the same check, and our booking blocks the slot before Open Dental knows it', async () => {
    const { status, body } = await postBooking(
      ctx.app,
      bookingBody({
        practice_id: ids['od-practice']!,
        rfv_id: examId,
        pms_prov_num: 2,
        pms_op_num: 2,
        apt_date: '2026-03-03',
        start_time: '08:00:00',
        end_time: '08:30:00',
      }),
    );
    expect(status).toBe(201);
    expect(body.result).toMatchObject({ status: 'booked', pms_prov_num: 2, pms_op_num: 2 });
    expect(await starts({ start_date: '2026-03-03', end_date: '2026-03-03', pms_prov_num: 2 })).toEqual([
      '2026-03-03 08:30:00 2/2',
      '2026-03-03 09:00:00 2/2',
      '2026-03-03 09:30:00 2/2',
    ]);
  });
});

describe('when Open Dental cannot answer', () => {
  const downSlots = () =>
    slots({
      practice_id: ids['od-down']!,
      reason_for_visit_id: downExamId,
      start_date: '2026-03-02',
      end_date: '2026-03-31',
    });

  it.each([
    ['econnector', "The office's practice management connector is not running. Slots are not available at the moment."],
    [
      'version',
      "The office's practice management connector is out of date (version issue). Slots are not " +
        'available at the moment.',
    ],
    [
      'unauthorized',
      "The office's practice management connector is not running or cannot be reached. Slots are not " +
        'available at the moment.',
    ],
    [
      'gateway-timeout',
      "The office's practice management connector is not running or cannot be reached. Slots are not " +
        'available at the moment.',
    ],
  ] as const)('answers %s with 503 PMS_UNAVAILABLE, never an empty list', async (mode, message) => {
    fake.fail(mode);
    await syncMirror('od-down');
    const { status, body } = await downSlots();
    expect(status).toBe(503);
    expect(body).toEqual({ success: false, code: 'PMS_UNAVAILABLE', message });
  });

  it('answers any other refusal of the first fill as unavailable, not with "no slots"', async () => {
    fake.fail('bad-request');
    await syncMirror('od-down');
    const { status, body } = await downSlots();
    expect(status).toBe(503);
    expect(body).toMatchObject({ success: false, code: 'PMS_UNAVAILABLE' });
  });

  it('lets the patient book without a slot while the connector is down', async () => {
    fake.fail('econnector');
    const { status, body } = await postBooking(
      ctx.app,
      bookingBody({
        practice_id: ids['od-down']!,
        rfv_id: downExamId,
        apt_date: null,
        start_time: null,
        end_time: null,
      }),
    );
    expect(status).toBe(201);
    expect(body.result).toMatchObject({ status: 'requested' });
    const [row] = await ctx.db.query<{ pms_write_status: string | null }>(
      'select pms_write_status from appointments where id = $1',
      [body.result.appointment_id],
    );
    expect(row).toEqual({ pms_write_status: null });
  });

  it.each([
    ['a request that never answers', async () => fake.fail('hang'), async () => fake.baseUrl],
    ['a server that is not there', async () => undefined, async () => `http://127.0.0.1:${await freePort()}/api/v1`],
  ])('turns %s into PmsUnavailableError (unreachable)', async (_name, arrange, baseUrl) => {
    await arrange();
    const connector = createOpenDentalConnector(
      { apiUrl: await baseUrl(), developerKey: fake.developerKey, requestsPerSecond: 200, timeoutMs: 200 },
      { clock },
    );
    const practice = (await findPracticeById(ctx.db, ids['od-down']!))!;
    // A booking's re-check (no mirror of this office yet): it asks Open Dental itself.
    const error = await createOpenDentalPmsAdapter(ctx.db, connector, { recheck: { correct: () => undefined } })
      .getAvailability({
        practice,
        now: clock.now(),
        timeZone: practice.server_tz,
        startDate: '2026-03-03',
        endDate: '2026-03-03',
        durationMinutes: 30,
        allowedProvNums: [],
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PmsUnavailableError);
    expect(error).toMatchObject({ reason: 'unreachable' });
  });
});
