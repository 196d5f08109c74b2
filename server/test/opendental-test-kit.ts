import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { BookingBodyInput } from '#domain/booking/booking-schemas.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import { createJobWorker, type JobWorker } from '../jobs/job-worker.ts';
import type { Database } from '../db/database.ts';
import { openPostgresDatabase } from '../db/postgres-database.ts';
import { bookingBody } from './booking-factory.ts';
import { bookExam, bookVisit, postBooking } from './booking-requests.ts';
import {
  odAppointment,
  odOperatory,
  odProvider,
  providerSchedule,
  startFakeOpenDental,
  type FakeOdRequest,
  type FakeOpenDental,
  type FakeOpenDentalOptions,
  type OdRow,
} from './fake-opendental-server.ts';
import { importPractices, practiceConfig, reasonId } from './practice-factory.ts';
import { createTestApp, filledByHooks, withTestApp, type TestAppContext, type TestAppOptions } from './test-app.ts';

/** The fake Open Dental of a test file: started, its offices filled by `setUp`, before its tests; closed after. */
export function withFakeOpenDental(
  setUp: (fake: FakeOpenDental) => void = () => undefined,
  options: FakeOpenDentalOptions = {},
): FakeOpenDental {
  const { context, fill } = filledByHooks<FakeOpenDental>('withFakeOpenDental');
  let fake: FakeOpenDental | undefined;
  beforeAll(async () => {
    fake = await startFakeOpenDental(options);
    setUp(fake);
    fill(fake);
  });
  afterAll(async () => {
    await fake?.close();
  });
  return context;
}

/** An office of the fake with Ana One, provider 1, working in operatory 1 as `schedules` say. */
export function oneChairOffice(fake: FakeOpenDental, customerKey: string, schedules: OdRow[]): void {
  const office = fake.office(customerKey);
  office.providers = [odProvider(1, 'Ana', 'One')];
  office.operatories = [odOperatory(1, 'Op 1')];
  office.schedules = schedules;
}

/** The app's Open Dental settings, pointed at the fake, with a throttle tests never wait for. */
export function openDentalConfig(fake: FakeOpenDental, overrides: Partial<Config['openDental']> = {}): Partial<Config> {
  return {
    openDental: { apiUrl: fake.baseUrl, developerKey: fake.developerKey, requestsPerSecond: 200, ...overrides },
  };
}

/** A practice whose calendar is Open Dental's office `customerKey`: one provider in one chair, in Chicago. */
export function openDentalPractice(formUrl: string, customerKey: string, overrides: Record<string, unknown> = {}) {
  return practiceConfig({
    form_url: formUrl,
    server_tz: 'America/Chicago',
    pms: { type: 'opendental', customer_key: customerKey },
    providers: [{ pms_prov_num: 1, provider_display_name: 'Dr. One' }],
    operatories: [{ pms_op_num: 1, name: 'Chair 1' }],
    schedules: [],
    reasons: [{ name: 'Exam', final_duration: 30 }],
    ...overrides,
  });
}

type WorkerLogger = Parameters<typeof createJobWorker>[0]['logger'];

/** The file app's job worker, made once the app is built; it logs to `logger` (by default nowhere). */
export function withJobWorker(
  ctx: TestAppContext,
  clock: Clock,
  logger: WorkerLogger = { warn: () => undefined, error: () => undefined },
): JobWorker {
  const { context, fill } = filledByHooks<JobWorker>('withJobWorker');
  beforeAll(() => {
    fill(createJobWorker({ db: ctx.db, clock, handlers: ctx.app.background.jobHandlers, logger, random: () => 0 }));
  });
  return context;
}

/** One pass of a practice's Open Dental mirror (its first fill, then its near dates; ADR 0071). */
export function syncMirror(ctx: TestAppContext, practiceId: string): Promise<void> {
  return ctx.app.openDentalMirror!.syncPractice(practiceId);
}

/** Runs the worker until nothing is due; returns what the jobs asked Open Dental (not the slot cache's range reads). */
export async function runOpenDentalJobs(fake: FakeOpenDental, worker: JobWorker): Promise<FakeOdRequest[]> {
  const from = fake.requests.length;
  while ((await worker.runDueJobs()) > 0);
  return fake.requests.slice(from).filter((r) => r.path !== '/schedules' && !r.query.has('dateStart'));
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Asks to book Ana One's chair 1 at `time` ("HH:MM:SS", 30 minutes) on `date`: the API's answer, whatever it is. */
export function postChairOne(
  ctx: TestAppContext,
  visit: { practiceId: string; reasonId: string; date: string; time: string },
  overrides: Partial<BookingBodyInput> = {},
) {
  const [h, m] = visit.time.split(':').map(Number) as [number, number];
  return postBooking(
    ctx.app,
    bookingBody({
      practice_id: visit.practiceId,
      rfv_id: visit.reasonId,
      pms_prov_num: 1,
      pms_op_num: 1,
      apt_date: visit.date,
      start_time: visit.time,
      end_time: `${hhmm(h * 60 + m + 30)}:00`,
      ...overrides,
    }),
  );
}

/** Books `minutes` from `time` ("HH:MM") on `date` through the API; expects 201 and returns the appointment's id. */
export function bookAt(
  ctx: TestAppContext,
  visit: { practiceId: string; reasonId: string; date: string; time: string; minutes?: number },
  overrides: Partial<BookingBodyInput> = {},
): Promise<string> {
  const [h, m] = visit.time.split(':').map(Number) as [number, number];
  return bookVisit(ctx.app, {
    practiceId: visit.practiceId,
    reasonId: visit.reasonId,
    apt_date: visit.date,
    start_time: `${visit.time}:00`,
    end_time: `${hhmm(h * 60 + m + (visit.minutes ?? 30))}:00`,
    ...overrides,
  });
}

/** Books as `bookAt` does and runs the jobs that write it into Open Dental: its id and Open Dental's AptNum. */
export async function bookWrittenAt(
  bench: { ctx: TestAppContext; fake: FakeOpenDental; worker: JobWorker },
  visit: Parameters<typeof bookAt>[1],
  overrides: Partial<BookingBodyInput> = {},
): Promise<{ id: string; aptNum: number }> {
  const id = await bookAt(bench.ctx, visit, overrides);
  await runOpenDentalJobs(bench.fake, bench.worker);
  const [state] = await bench.ctx.db.query<{ pms_write_status: string; pms_apt_num: number | null }>(
    'select pms_write_status, pms_apt_num from appointments where id = $1',
    [id],
  );
  expect(state).toMatchObject({ pms_write_status: 'written' });
  return { id, aptNum: Number(state!.pms_apt_num) };
}

export interface OpenDentalBenchOptions {
  clock: Clock;
  /** The fake's office, worked by Ana One in operatory 1 as `schedules` say. */
  customerKey: string;
  schedules: OdRow[];
  /** The form_url of the practice booked into that office, and its overrides of `openDentalPractice`. */
  formUrl: string;
  practice?: Record<string, unknown>;
  /** Practices imported beside it (a built-in one, to show what does not reach Open Dental). */
  others?: Record<string, unknown>[];
  logger?: WorkerLogger;
}

/** What the bench's seed read back: practice ids by form_url, and the Open Dental practice's reasons by name. */
export interface OpenDentalSeed {
  ids: Record<string, string>;
  practiceId: string;
  reasons: Record<string, { id: string; minutes: number }>;
}

export interface OpenDentalBench {
  ctx: TestAppContext;
  fake: FakeOpenDental;
  worker: JobWorker;
  seeded: OpenDentalSeed;
  /** Runs the worker until nothing is due; what the jobs asked Open Dental meanwhile. */
  runJobs(): Promise<FakeOdRequest[]>;
  /** Books the Open Dental practice's `reason` (by name) at `time` on `date`: the appointment's id. */
  book(date: string, time: string, overrides?: Partial<BookingBodyInput>, reason?: string): Promise<string>;
  /** Books as `book` does and writes it into Open Dental: its id and AptNum. */
  bookWritten(
    date: string,
    time: string,
    overrides?: Partial<BookingBodyInput>,
    reason?: string,
  ): Promise<{ id: string; aptNum: number }>;
  /** The office's appointment `aptNum`, as the fake holds it (tests read and change it). */
  appointment(aptNum: number): OdRow;
  /**
   * Runs the jobs with Open Dental slow over POST /appointments, and does `meanwhile` once that write
   * is under way: a patient's change racing the first write. What the jobs asked.
   */
  duringSlowWrite(meanwhile: () => Promise<void>): Promise<FakeOdRequest[]>;
  /** Books the 'Exam' of another practice of the bench (`others`), expecting 201: the appointment's id. */
  bookElsewhere(formUrl: string, overrides: Record<string, unknown>): Promise<string>;
  /** One pass of the Open Dental practice's mirror (its first fill, then its near dates; ADR 0071). */
  syncMirror(): Promise<void>;
}

/**
 * One test file's Open Dental set-up (ADR 0036): the fake office, the app pointed at it with an
 * Open Dental practice (and any others) imported, and the app's job worker.
 */
export function withOpenDentalBench(options: OpenDentalBenchOptions): OpenDentalBench {
  const fake = withFakeOpenDental((started) => oneChairOffice(started, options.customerKey, options.schedules));
  const practice = openDentalPractice(options.formUrl, options.customerKey, options.practice);
  const { context: seeded, fill } = filledByHooks<OpenDentalSeed>('withOpenDentalBench');
  const ctx = withTestApp(() => ({
    clock: options.clock,
    config: openDentalConfig(fake),
    seed: async (db) => {
      const ids = await importPractices(db, practice, ...(options.others ?? []));
      const practiceId = ids[options.formUrl]!;
      const reasons: OpenDentalSeed['reasons'] = {};
      for (const { name, final_duration } of practice.reasons as { name: string; final_duration: number }[]) {
        reasons[name] = { id: await reasonId(db, practiceId, name), minutes: final_duration };
      }
      fill({ ids, practiceId, reasons });
    },
  }));
  const worker = withJobWorker(ctx, options.clock, options.logger);
  const visit = (date: string, time: string, reason = 'Exam') => ({
    practiceId: seeded.practiceId,
    reasonId: seeded.reasons[reason]!.id,
    minutes: seeded.reasons[reason]!.minutes,
    date,
    time,
  });
  return {
    ctx,
    fake,
    worker,
    seeded,
    runJobs: () => runOpenDentalJobs(fake, worker),
    book: (date, time, overrides = {}, reason) => bookAt(ctx, visit(date, time, reason), overrides),
    bookWritten: (date, time, overrides = {}, reason) =>
      bookWrittenAt({ ctx, fake, worker }, visit(date, time, reason), overrides),
    appointment: (aptNum) => fake.office(options.customerKey).appointments.find((a) => a.AptNum === aptNum)!,
    duringSlowWrite: async (meanwhile) => {
      fake.hang(1_500, { method: 'POST', path: '/appointments' });
      const from = fake.requests.length;
      const writing = runOpenDentalJobs(fake, worker);
      await expect
        .poll(() => fake.requests.slice(from).some((r) => r.method === 'POST' && r.path === '/appointments'), {
          timeout: 5_000,
        })
        .toBe(true);
      await meanwhile();
      return writing;
    },
    bookElsewhere: (formUrl, overrides) => bookExam(ctx, seeded.ids[formUrl]!, overrides),
    syncMirror: () => syncMirror(ctx, seeded.practiceId),
  };
}

/** One Open Dental practice with an 'Exam' (30 minutes) in an office worked by Ana One in chair 1, on the fake. */
export function withOpenDentalExam(options: {
  clock: Clock;
  customerKey: string;
  formUrl: string;
  schedules: OdRow[];
  /** More of the office (appointments) once it is set up. */
  setUp?: (fake: FakeOpenDental) => void;
  fake?: FakeOpenDentalOptions;
  config?: Partial<Config['openDental']>;
  /** After the practice is imported (e.g. its mirror's months marked filled). */
  seeded?: (db: Database, practiceId: string) => Promise<void>;
}): { fake: FakeOpenDental; ctx: TestAppContext; exam: { practiceId: string; examId: string } } {
  const fake = withFakeOpenDental((started) => {
    oneChairOffice(started, options.customerKey, options.schedules);
    options.setUp?.(started);
  }, options.fake);
  const { context: exam, fill } = filledByHooks<{ practiceId: string; examId: string }>('withOpenDentalExam');
  const ctx = withTestApp(() => ({
    clock: options.clock,
    config: openDentalConfig(fake, options.config),
    seed: async (db) => {
      const reasons = [{ name: 'Exam', final_duration: 30, to_show_providers: true }];
      const ids = await importPractices(db, openDentalPractice(options.formUrl, options.customerKey, { reasons }));
      const practiceId = ids[options.formUrl]!;
      await options.seeded?.(db, practiceId);
      fill({ practiceId, examId: await reasonId(db, practiceId, 'Exam') });
    },
  }));
  return { fake, ctx, exam };
}

/** Twenty weekday mornings from 2026-03-03 of Ana One in chair 1 (08:00 to 12:00). */
export const PAGED_OFFICE_DAYS = Array.from({ length: 20 }, (_, i) => `2026-03-${String(i + 3).padStart(2, '0')}`);

/** The stand-in's interval in PAGED offices; the app asks at 20/s: starts 55 ms apart, 50 ms after an answer. */
export const PAGED_OFFICE_MIN_INTERVAL_MS = 20;

/**
 * `withOpenDentalExam` over the office `customerKey` (form_url the same) of PAGED_OFFICE_DAYS and 450
 * appointments in far months (several pages each, 100 rows a page), so that a first fill is some 30
 * requests; the stand-in refuses (and counts) two requests of the office at once or started less than
 * PAGED_OFFICE_MIN_INTERVAL_MS apart, and the app asks at 20 a second, with room to spare.
 */
export function withPagedOpenDentalOffice(clock: Clock, customerKey: string, config: Partial<Config['openDental']>) {
  return withOpenDentalExam({
    clock,
    customerKey,
    formUrl: customerKey,
    config: { requestsPerSecond: 20, ...config },
    schedules: PAGED_OFFICE_DAYS.map((date) => providerSchedule(date, 1, '08:00', '12:00', [1])),
    setUp: (started) => {
      started.office(customerKey).appointments = Array.from({ length: 450 }, (_, i) =>
        odAppointment({
          AptNum: 1_000 + i,
          AptDateTime: `2026-${String(5 + (i % 6)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')} 07:00:00`,
          Pattern: 'XX',
          Op: 2,
          ProvNum: 9,
        }),
      );
    },
    fake: { minIntervalMs: PAGED_OFFICE_MIN_INTERVAL_MS },
  });
}

/**
 * A second app on the file's database, as a second server process (ADR 0071): on PostgreSQL with
 * connections of its own, on PGlite (one process's database, ADR 0065) on the same one.
 */
export function withOtherProcess(ctx: TestAppContext, options: () => TestAppOptions): TestAppContext {
  const { context, fill } = filledByHooks<TestAppContext>('withOtherProcess');
  let db: Database | undefined;
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    db = ctx.url ? openPostgresDatabase(ctx.url) : ctx.db;
    app = await createTestApp(db, options());
    fill({ app, db, url: ctx.url });
  });
  afterAll(async () => {
    await app?.close();
    if (ctx.url) await db?.close();
  });
  return context;
}
