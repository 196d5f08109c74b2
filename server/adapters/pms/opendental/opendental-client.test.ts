import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/server-process.ts';
import {
  odAppointment,
  odOperatory,
  startFakeOpenDental,
  type FakeOpenDental,
} from '../../../test/fake-opendental-server.ts';
import { loadConfig } from '../../../config.ts';
import { createOpenDentalClient, retryAfterMs, toQuery, type OpenDentalClientOptions } from './opendental-client.ts';
import { OpenDentalError } from './opendental-errors.ts';
import { createRequestQueue } from './opendental-request-queue.ts';
import { OD_MAX_IN_FLIGHT, officeRequestIntervalMs } from './opendental-connector.ts';
import { OdAppointmentSchema, OdOperatorySchema } from './opendental-schemas.ts';

let fake: FakeOpenDental;
// A hung request keeps its office busy at the stand-in until its gateway gives up, as at Open Dental.
const GATEWAY_TIMEOUT_MS = 300;
beforeAll(async () => {
  fake = await startFakeOpenDental({ gatewayTimeoutMs: GATEWAY_TIMEOUT_MS });
});
afterAll(() => fake?.close());
beforeEach(() => {
  fake.requests.length = 0;
  const office = fake.office('office-1');
  office.operatories = [odOperatory(1, 'Chair 1')];
  office.appointments = [];
});

function client(overrides: Partial<OpenDentalClientOptions> = {}) {
  return createOpenDentalClient({
    baseUrl: fake.baseUrl,
    developerKey: fake.developerKey,
    customerKey: 'office-1',
    queue: createRequestQueue({ intervalMs: 5 }),
    ...overrides,
  });
}

async function failure(promise: Promise<unknown>): Promise<OpenDentalError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof OpenDentalError)) throw new Error(`expected an OpenDentalError, got ${String(error)}`);
  return error;
}

describe('the Open Dental client', () => {
  it('sends the ODFHIR authorization and the JSON content type, on GETs too', async () => {
    const operatories = await client().get('/operatories', {}, OdOperatorySchema.array());
    expect(operatories).toMatchObject([{ OperatoryNum: 1, OpName: 'Chair 1', IsHidden: false }]);
    expect(fake.requests[0]).toMatchObject({
      method: 'GET',
      path: '/operatories',
      authorization: `ODFHIR ${fake.developerKey}/office-1`,
      contentType: 'application/json',
    });
  });

  it('pages a list with Offset until a page has fewer than 100 rows', async () => {
    fake.office('office-1').appointments = Array.from({ length: 230 }, (_, i) =>
      odAppointment({ AptNum: i + 1, AptDateTime: '2026-03-03 09:00:00', Pattern: 'XX', Op: 1, ProvNum: 1 }),
    );
    const rows = await client().getAll('/appointments', { date: '2026-03-03' }, OdAppointmentSchema);
    expect(rows).toHaveLength(230);
    expect(rows.map((r) => r.AptNum)).toEqual(Array.from({ length: 230 }, (_, i) => i + 1));
    expect(fake.requests.map((r) => r.query.get('Offset'))).toEqual([null, '100', '200']);
  });

  it('asks once for identical reads that arrive together', async () => {
    const odClient = client();
    const [a, b, c] = await Promise.all([
      odClient.get('/operatories', {}, OdOperatorySchema.array()),
      odClient.get('/operatories', {}, OdOperatorySchema.array()),
      odClient.get('/operatories', { ClinicNum: 2 }, OdOperatorySchema.array()),
    ]);
    expect(a).toEqual(b);
    expect(c).toEqual([]);
    expect(fake.requests).toHaveLength(2);
  });

  it('sends an update as a PUT with a JSON body, and reads a refusal of it as a clear error', async () => {
    fake.office('office-1').appointments = [
      odAppointment({ AptNum: 7, AptDateTime: '2026-03-03 09:00:00', Pattern: 'XX', Op: 1, ProvNum: 1 }),
    ];
    const moved = await client().put('/appointments/7', { AptDateTime: '2026-03-03 10:00:00' }, OdAppointmentSchema);
    expect(moved).toMatchObject({ AptNum: 7, AptDateTime: '2026-03-03 10:00:00' });
    expect(fake.requests[0]).toMatchObject({
      method: 'PUT',
      path: '/appointments/7',
      body: { AptDateTime: '2026-03-03 10:00:00' },
      contentType: 'application/json',
    });
    await client().put('/appointments/7/Break', { sendToUnscheduledList: 'true' }, OdAppointmentSchema);
    const error = await failure(
      client().put('/appointments/7/Break', { sendToUnscheduledList: 'true' }, OdAppointmentSchema),
    );
    expect(error).toMatchObject({
      kind: 'invalid',
      status: 400,
      request: 'PUT /appointments/7/Break',
      detail: 'Only Scheduled appointments can be broken.',
    });
  });

  it('confirms an appointment by name with PUT Confirm, and reads a refusal of it as a clear error', async () => {
    fake.office('office-1').appointments = [
      odAppointment({ AptNum: 8, AptDateTime: '2026-03-03 09:00:00', Pattern: 'XX', Op: 1, ProvNum: 1 }),
    ];
    await client().confirmAppointment(8);
    expect(fake.requests).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: '/appointments/8/Confirm',
        body: { confirmVal: 'Confirmed' },
        authorization: `ODFHIR ${fake.developerKey}/office-1`,
        contentType: 'application/json',
      }),
    ]);
    expect(fake.office('office-1').appointments[0]).toMatchObject({ confirmed: 'Confirmed' });
    const error = await failure(client().confirmAppointment(9));
    expect(error).toMatchObject({
      kind: 'not_found',
      status: 404,
      request: 'PUT /appointments/9/Confirm',
      isUnavailable: false,
    });
  });

  it('percent-encodes query values (De%20Angelo), leaving empty ones out', () => {
    expect(toQuery({ LName: 'De Angelo', FName: "O'Neil+", Birthdate: undefined, Offset: 100, ClinicNum: '' })).toBe(
      "LName=De%20Angelo&FName=O'Neil%2B&Offset=100",
    );
  });

  it('waits out a 429 for as long as Retry-After says, then asks again', async () => {
    fake.rateLimit(1, 1);
    const operatories = await client().get('/operatories', {}, OdOperatorySchema.array());
    expect(operatories).toHaveLength(1);
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]!.at - fake.requests[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it('gives up at once on a Retry-After longer than it may wait', async () => {
    fake.rateLimit(1, 120);
    const error = await failure(client({ maxRetryAfterMs: 10_000 }).get('/operatories', {}, OdOperatorySchema.array()));
    expect(error).toMatchObject({ kind: 'rate_limited', status: 429, isUnavailable: true });
    expect(fake.requests).toHaveLength(1);
  });

  it.each([
    ['econnector', 'connector_down', 400],
    ['version', 'version', 400],
    ['unauthorized', 'auth', 401],
    ['gateway-timeout', 'timeout', 504],
    ['server-error', 'server', 500],
  ] as const)('classifies the %s answer as %s', async (mode, kind, status) => {
    fake.fail(mode);
    const error = await failure(client().get('/operatories', {}, OdOperatorySchema.array()));
    expect(error).toMatchObject({ kind, status, isUnavailable: true, request: 'GET /operatories' });
  });

  it('treats a refused request (another 400) as a clear error, not as "unavailable"', async () => {
    fake.fail('bad-request');
    const error = await failure(client().get('/appointments', {}, OdAppointmentSchema.array()));
    expect(error).toMatchObject({
      kind: 'invalid',
      status: 400,
      isUnavailable: false,
      detail: 'DateTStamp format must be yyyy-MM-dd HH:mm:ss',
    });
  });

  it('times out a request that never answers', async () => {
    fake.fail('hang');
    const started = Date.now();
    const error = await failure(client({ timeoutMs: 200 }).get('/operatories', {}, OdOperatorySchema.array()));
    expect(error).toMatchObject({ kind: 'timeout', status: null, isUnavailable: true });
    expect(Date.now() - started).toBeLessThan(2_000);
    // The abandoned request still runs at the stand-in until its gateway ends it.
    expect(fake.requests[0]!.endedAt).toBeUndefined();
    await expect.poll(() => fake.requests[0]!.endedAt, { timeout: 2_000 }).toBeDefined();
  });

  it('reports a network failure when nothing listens', async () => {
    const port = await freePort();
    const error = await failure(
      client({ baseUrl: `http://127.0.0.1:${port}/api/v1` }).get('/operatories', {}, OdOperatorySchema.array()),
    );
    expect(error).toMatchObject({ kind: 'network', status: null, isUnavailable: true });
  });

  it('refuses an answer that is not the documented shape', async () => {
    fake.office('office-1').operatories = [{ OpName: 'no number' }];
    const error = await failure(client().get('/operatories', {}, OdOperatorySchema.array()));
    expect(error).toMatchObject({ kind: 'unexpected', isUnavailable: false });
  });

  it('by default, Open Dental never sees two requests of an office under 1 s apart (timed at the server)', async () => {
    const intervalMs = officeRequestIntervalMs(loadConfig({}).openDental.requestsPerSecond);
    const odClient = client({
      queue: createRequestQueue({ intervalMs, maxInFlight: OD_MAX_IN_FLIGHT }),
    });
    // The first request also opens the connection, which would make the next gap look shorter.
    await odClient.get('/operatories', { ClinicNum: 9 }, OdOperatorySchema.array());
    fake.requests.length = 0;
    await Promise.all(
      [{}, { ClinicNum: 1 }, { ClinicNum: 2 }].map((params) =>
        odClient.get('/operatories', params, OdOperatorySchema.array()),
      ),
    );
    const gaps = fake.requests.slice(1).map((r, i) => r.at - fake.requests[i]!.at);
    expect(gaps).toHaveLength(2);
    // Starts are 1.1 s apart; arrivals may come closer by the network's jitter, never below Open Dental's second.
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(1000);
  });
});

describe('Retry-After', () => {
  it.each([
    ['3', 3000],
    ['0.5', 500],
    ['Wed, 21 Oct 2026 07:28:05 GMT', 5000],
    ['', null],
    ['soon', null],
  ])('%j waits %j ms', (header, ms) => expect(retryAfterMs(header, Date.parse('2026-10-21T07:28:00Z'))).toBe(ms));
});
