import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createOfficeThrottle, customerKeyOf, odStamp, type OfficeThrottle } from './fake-opendental-throttle.ts';

/**
 * A local stand-in for Open Dental's Remote API (https://api.opendental.com/api/v1), written
 * from the public API documentation as summarised in shared/research/opendental-api.md: the
 * ODFHIR header, JSON content type, lists of at most 100 rows paged with `Offset`, PascalCase
 * fields, booleans as "true"/"false", Schedules GET with every value a string, office-local
 * date-times without a zone, errors as JSON-quoted strings, POSTs answering 201 with a location,
 * and one appointment's GET, PUT, PUT Break and PUT Confirm.
 *
 * Failure modes for tests: the eConnector and version 400s, 401, 504, a 429 with Retry-After,
 * a request that never answers (for client timeouts), and one that hangs for a while and then
 * answers (an office whose eConnector is slow to wake up; Open Dental's gateway allows 60 s).
 * Texts that the documentation does not give (the version message, the 401 and duplicate-patient
 * texts) are our guesses.
 *
 * Open Dental's throttle (fake-opendental-throttle.ts): one request at a time per office, and with
 * `minIntervalMs` one start per interval; a breach is answered 429 and counted. Appointments carry
 * `DateTStamp` (set on every change) and `serverDateTime`, and `DateTStamp=` lists only rows
 * changed since then, as the documentation describes (research doc §2.3).
 */

export const ECONNECTOR_DOWN_TEXT =
  "The office's eConnector is not running. Please contact the office to start their eConnector.";
/** Unverified: Open Dental documents the category (400, "version … not high enough"), not the text. */
export const VERSION_TOO_OLD_TEXT =
  'The version of Open Dental at the dental office is not high enough to use this API method.';

export type FakeOdFailure =
  'econnector' | 'version' | 'unauthorized' | 'gateway-timeout' | 'hang' | 'bad-request' | 'server-error';

export type OdRow = Record<string, unknown>;

export interface FakeOdOffice {
  providers: OdRow[];
  operatories: OdRow[];
  clinics: OdRow[];
  /** Schedules GET rows (all values strings, as Open Dental returns them). */
  schedules: OdRow[];
  appointments: OdRow[];
  patients: OdRow[];
}

export interface FakeOdRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  authorization: string | undefined;
  contentType: string | undefined;
  /** Date.now() when the request arrived. */
  at: number;
  /** The office (customer key) it was for; "" without a readable header. */
  customerKey: string;
  /** Date.now() when it ended here (an abandoned request runs on until then); unset while running. */
  endedAt?: number;
}

export interface FakeOpenDental {
  port: number;
  /** e.g. http://127.0.0.1:54321/api/v1 */
  baseUrl: string;
  developerKey: string;
  requests: FakeOdRequest[];
  /** The office of a customer key, created empty on first use. */
  office(customerKey: string): FakeOdOffice;
  /** The next `times` requests (optionally of one method and path) fail this way. */
  fail(mode: FakeOdFailure, options?: { times?: number; method?: string; path?: string }): void;
  /** The next `times` requests answer 429, with Retry-After in seconds (null: no header). */
  rateLimit(times: number, retryAfterSeconds: number | null): void;
  /** The next `times` requests (optionally of one method and path) hang for `ms`, then answer as usual. */
  hang(ms: number, options?: { times?: number; method?: string; path?: string }): void;
  /** Requests refused (429) for breaking the one-at-a-time or the spacing rule. */
  breaches: OfficeThrottle['breaches'];
  /** The stand-in's clock as an Open Dental stamp ("yyyy-MM-dd HH:mm:ss"): rows changed now carry it. */
  stamp(): string;
  close(): Promise<void>;
}

const PAGE_SIZE = 100;
const PREFIX = '/api/v1';

interface FailureRule {
  mode: FakeOdFailure | { retryAfter: number | null } | { hangMs: number };
  times: number;
  method?: string;
  path?: string;
}

export interface FakeOpenDentalOptions {
  developerKey?: string;
  /** 0 (the default): any free port. */
  port?: number;
  /** Called for every request (the dev script logs them). */
  onRequest?: (request: FakeOdRequest) => void;
  /** Least time between two starts of one office's requests (default 0: only one at a time). */
  minIntervalMs?: number;
  /** How long a request that never answers keeps its office busy before a 504 (default 60 s, as Open Dental). */
  gatewayTimeoutMs?: number;
}

export async function startFakeOpenDental(options: FakeOpenDentalOptions = {}): Promise<FakeOpenDental> {
  const developerKey = options.developerKey ?? 'dev-key';
  const offices = new Map<string, FakeOdOffice>();
  const rules: FailureRule[] = [];
  const requests: FakeOdRequest[] = [];
  const hangs = new Set<ReturnType<typeof setTimeout>>();
  const throttle = createOfficeThrottle({ minIntervalMs: options.minIntervalMs ?? 0 });
  const stamp = () => odStamp(Date.now());
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        hangs.delete(timer);
        resolve();
      }, ms);
      hangs.add(timer);
    });
  const office = (key: string): FakeOdOffice => {
    let found = offices.get(key);
    if (!found) {
      found = { providers: [], operatories: [], clinics: [], schedules: [], appointments: [], patients: [] };
      offices.set(key, found);
    }
    return found;
  };

  const server: Server = createServer((request, response) => {
    void admitted(request, response).catch((error: unknown) => send(response, 500, String(error)));
  });

  /** The throttle first, as at Open Dental's gateway; an admitted request holds its office until it ends. */
  async function admitted(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const key = customerKeyOf(request.headers.authorization);
    const waitMs = throttle.admit(key, Date.now());
    if (waitMs !== null) {
      record(request, key, await readBody(request)).endedAt = Date.now();
      return send(response, 429, 'Too many requests are queued for this customer key.', {
        'retry-after': String(Math.ceil(waitMs / 1000)),
      });
    }
    const entry = record(request, key, await readBody(request));
    try {
      await handle(entry, response);
    } finally {
      entry.endedAt = Date.now();
      throttle.end(key);
    }
  }

  function record(request: IncomingMessage, customerKey: string, text: string): FakeOdRequest {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname.startsWith(PREFIX) ? url.pathname.slice(PREFIX.length) : url.pathname;
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    const entry: FakeOdRequest = {
      method: request.method ?? 'GET',
      path,
      query: url.searchParams,
      body,
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      at: Date.now(),
      customerKey,
    };
    requests.push(entry);
    options.onRequest?.(entry);
    return entry;
  }

  async function handle(entry: FakeOdRequest, response: ServerResponse): Promise<void> {
    const { method, path, body } = entry;

    const rule = rules.find((r) => r.times > 0 && (!r.method || r.method === method) && (!r.path || r.path === path));
    if (rule) {
      rule.times--;
      if (typeof rule.mode === 'object' && 'hangMs' in rule.mode) {
        await pause(rule.mode.hangMs);
        if (response.destroyed) return;
      } else if (typeof rule.mode === 'object') {
        const headers: Record<string, string> =
          rule.mode.retryAfter === null ? {} : { 'retry-after': String(rule.mode.retryAfter) };
        return send(response, 429, 'Too many requests are queued for this customer key.', headers);
      } else if (rule.mode === 'hang') {
        // Never answers; Open Dental's gateway ends it (504) and only then frees the office.
        await pause(options.gatewayTimeoutMs ?? 60_000);
        return failWith(response, 'gateway-timeout');
      } else {
        return failWith(response, rule.mode);
      }
    }

    const match = /^ODFHIR ([^/\s]+)\/(\S+)$/.exec(entry.authorization ?? '');
    if (!match || match[1] !== developerKey || !offices.has(match[2] ?? ''))
      return send(response, 401, 'Invalid authorization: the developer key or customer key is not valid.');
    if (!(entry.contentType ?? '').startsWith('application/json'))
      return send(response, 400, 'Content-Type must be application/json.');
    const data = office(match[2] ?? '');
    const q = entry.query;

    const single = /^\/appointments\/(\d+)(?:\/(Break|Confirm))?$/.exec(path);
    if (single)
      return changeAppointment(
        response,
        data,
        method,
        Number(single[1]),
        single[2] === 'Break' ? 'break' : single[2] === 'Confirm' ? 'confirm' : 'update',
        body as OdRow,
        stamp(),
      );
    if (method === 'GET') {
      const list = listFor(data, path, q);
      if (list === null) return send(response, 404, `Resource not found: ${path}`);
      const offset = Number(q.get('Offset') ?? '0');
      if (!Number.isInteger(offset) || offset < 0) return send(response, 400, 'Offset must be a whole number.');
      const page = list.slice(offset, offset + PAGE_SIZE);
      // Appointments GET answers each row with the server's time, for the next DateTStamp poll.
      return send(
        response,
        200,
        path === '/appointments' ? page.map((a) => ({ ...a, serverDateTime: stamp() })) : page,
      );
    }
    if (method === 'POST' && path === '/patients') return createPatient(response, data, body as OdRow);
    if (method === 'POST' && path === '/appointments') return createAppointment(response, data, body as OdRow, stamp());
    return send(response, 404, `Resource not found: ${method} ${path}`);
  }

  function failWith(response: ServerResponse, mode: FakeOdFailure): void {
    switch (mode) {
      case 'econnector':
        return send(response, 400, ECONNECTOR_DOWN_TEXT);
      case 'version':
        return send(response, 400, VERSION_TOO_OLD_TEXT);
      case 'unauthorized':
        return send(response, 401, 'Invalid authorization: the developer key or customer key is not valid.');
      case 'gateway-timeout':
        response.writeHead(504, { 'content-type': 'text/html' });
        return void response.end('<html><body><h1>504 Gateway Time-out</h1></body></html>');
      case 'bad-request':
        return send(response, 400, 'DateTStamp format must be yyyy-MM-dd HH:mm:ss');
      case 'server-error':
        return send(response, 500, 'An error has occurred.');
      case 'hang':
        return; // never answers; close() drops the connection
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    baseUrl: `http://127.0.0.1:${port}${PREFIX}`,
    developerKey,
    requests,
    office,
    breaches: throttle.breaches,
    stamp,
    fail(mode, opts = {}) {
      rules.push({
        mode,
        times: opts.times ?? 1,
        ...(opts.method ? { method: opts.method } : {}),
        ...(opts.path ? { path: opts.path } : {}),
      });
    },
    rateLimit(times, retryAfterSeconds) {
      rules.push({ mode: { retryAfter: retryAfterSeconds }, times });
    },
    hang(ms, opts = {}) {
      rules.push({
        mode: { hangMs: ms },
        times: opts.times ?? 1,
        ...(opts.method ? { method: opts.method } : {}),
        ...(opts.path ? { path: opts.path } : {}),
      });
    },
    close: () =>
      new Promise((resolve) => {
        for (const timer of hangs) clearTimeout(timer);
        hangs.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The rows of a list endpoint after its documented filters, in a stable order; null: no such list. */
function listFor(data: FakeOdOffice, path: string, q: URLSearchParams): OdRow[] | null {
  const inRange = (date: string) => {
    const single = q.get('date');
    if (single) return date === single;
    const start = q.get('dateStart');
    const end = q.get('dateEnd');
    return (!start || date >= start) && (!end || date <= end);
  };
  const equals = (name: string, value: unknown) => !q.has(name) || String(value) === q.get(name);
  switch (path) {
    case '/schedules':
      return data.schedules
        .filter((s) => inRange(String(s.SchedDate)) && equals('SchedType', s.SchedType) && equals('ProvNum', s.ProvNum))
        .sort((a, b) => `${a.SchedDate} ${a.StartTime}`.localeCompare(`${b.SchedDate} ${b.StartTime}`));
    case '/appointments':
      return data.appointments
        .filter(
          (a) =>
            inRange(String(a.AptDateTime).slice(0, 10)) &&
            equals('ClinicNum', a.ClinicNum) &&
            equals('PatNum', a.PatNum) &&
            equals('Op', a.Op) &&
            equals('AptStatus', a.AptStatus) &&
            (!q.get('DateTStamp') || String(a.DateTStamp) >= q.get('DateTStamp')!),
        )
        .sort((a, b) => Number(a.AptNum) - Number(b.AptNum));
    case '/patients/Simple': {
      // "Supports partial string matching and is case-insensitive."
      const contains = (field: string, value: unknown) =>
        !q.get(field) || String(value).toLowerCase().includes(q.get(field)!.toLowerCase());
      return data.patients.filter(
        (p) =>
          contains('LName', p.LName) &&
          contains('FName', p.FName) &&
          equals('Birthdate', p.Birthdate) &&
          equals('PatStatus', p.PatStatus),
      );
    }
    case '/providers':
      return data.providers;
    case '/operatories':
      return data.operatories.filter((o) => equals('ClinicNum', o.ClinicNum));
    case '/clinics':
      return data.clinics.filter((c) => c.IsHidden !== 'true');
    default:
      return null;
  }
}

function createPatient(response: ServerResponse, data: FakeOdOffice, body: OdRow | null): void {
  if (!body || typeof body !== 'object') return send(response, 400, 'Request body is required.');
  for (const field of ['LName', 'FName']) if (!body[field]) return send(response, 400, `${field} is required.`);
  const same = (a: unknown, b: unknown) => String(a ?? '').toLowerCase() === String(b ?? '').toLowerCase();
  const duplicate = data.patients.find(
    (p) =>
      same(p.LName, body.LName) &&
      same(p.FName, body.FName) &&
      same(p.Birthdate, body.Birthdate) &&
      ((body.Email && same(p.Email, body.Email)) || (body.WirelessPhone && same(p.WirelessPhone, body.WirelessPhone))),
  );
  if (duplicate) return send(response, 400, 'Patient already exists.');
  const PatNum = Math.max(0, ...data.patients.map((p) => Number(p.PatNum))) + 1;
  const patient = {
    PatNum,
    LName: '',
    FName: '',
    MiddleI: '',
    Preferred: '',
    PatStatus: 'Patient',
    Gender: 'Unknown',
    Position: 'Single',
    Birthdate: '0001-01-01',
    WirelessPhone: '',
    HmPhone: '',
    WkPhone: '',
    Email: '',
    PriProv: 1,
    ClinicNum: 0,
    Guarantor: PatNum,
    ...body,
    DateTStamp: '2026-01-01 00:00:00',
  };
  data.patients.push(patient);
  send(response, 201, patient, { location: `https://api.opendental.com/api/v1/patients/${PatNum}` });
}

function createAppointment(response: ServerResponse, data: FakeOdOffice, body: OdRow | null, now: string): void {
  if (!body || typeof body !== 'object') return send(response, 400, 'Request body is required.');
  for (const field of ['PatNum', 'Op', 'AptDateTime'])
    if (body[field] === undefined) return send(response, 400, `${field} is required.`);
  if (!data.patients.some((p) => p.PatNum === body.PatNum)) return send(response, 400, 'PatNum is invalid.');
  if (!data.operatories.some((o) => o.OperatoryNum === body.Op)) return send(response, 400, 'Op is invalid.');
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(String(body.AptDateTime)))
    return send(response, 400, 'AptDateTime must be in yyyy-MM-dd HH:mm:ss format.');
  const pattern = String(body.Pattern ?? '/XX/');
  if (!/^[X/]+$/.test(pattern)) return send(response, 400, "Pattern must consist of 'X' and '/' characters only.");
  // Open Dental does not refuse an overlapping appointment (the documentation lists no such error).
  const AptNum = Math.max(0, ...data.appointments.map((a) => Number(a.AptNum))) + 1;
  const appointment = {
    AptNum,
    AptStatus: 'Scheduled',
    Confirmed: 19,
    Note: '',
    ProvNum: 1,
    ProvHyg: 0,
    ClinicNum: 0,
    IsNewPatient: 'false',
    IsHygiene: 'false',
    Priority: 'Normal',
    ...body,
    Pattern: pattern.slice(0, 108),
    DateTStamp: now,
  };
  data.appointments.push(appointment);
  send(response, 201, appointment, { location: `https://api.opendental.com/api/v1/appointments/${AptNum}` });
}

/**
 * The confirmation statuses PUT Confirm takes by name (research doc §2.6), with made-up
 * definition numbers: an office's own DefNums (category 2, ApptConfirmed) differ.
 */
export const FAKE_CONFIRM_DEF_NUMS: Record<string, number> = {
  None: 19,
  Sent: 20,
  Confirmed: 21,
  'Not Accepted': 22,
  Failed: 23,
};

/**
 * GET and PUT of one appointment, PUT Break and PUT Confirm (research doc §2.6). Break with
 * sendToUnscheduledList takes it off the book (UnschedList), without it leaves it Broken there;
 * only a Scheduled appointment can be broken. Confirm sets `Confirmed` (the DefNum) and
 * `confirmed` (its name), from `confirmVal` or `defNum`.
 */
function changeAppointment(
  response: ServerResponse,
  data: FakeOdOffice,
  method: string,
  aptNum: number,
  action: 'update' | 'break' | 'confirm',
  body: OdRow | null,
  now: string,
): void {
  const appointment = data.appointments.find((a) => Number(a.AptNum) === aptNum);
  if (!appointment) return send(response, 404, 'Appointment not found.');
  if (method === 'GET' && action === 'update') return send(response, 200, appointment);
  if (method !== 'PUT') return send(response, 404, `Resource not found: ${method} /appointments/${aptNum}`);
  if (!body || typeof body !== 'object') return send(response, 400, 'Request body is required.');
  if (action === 'confirm') {
    const byName = typeof body.confirmVal === 'string' ? FAKE_CONFIRM_DEF_NUMS[body.confirmVal] : undefined;
    const defNum =
      byName ?? (Object.values(FAKE_CONFIRM_DEF_NUMS).includes(Number(body.defNum)) ? Number(body.defNum) : undefined);
    if (defNum === undefined) return send(response, 400, 'confirmVal or defNum is invalid.');
    appointment.Confirmed = defNum;
    appointment.DateTStamp = now;
    appointment.confirmed = Object.keys(FAKE_CONFIRM_DEF_NUMS).find((name) => FAKE_CONFIRM_DEF_NUMS[name] === defNum);
    return send(response, 200, appointment);
  }
  if (action === 'break') {
    if (appointment.AptStatus !== 'Scheduled') return send(response, 400, 'Only Scheduled appointments can be broken.');
    appointment.AptStatus = body.sendToUnscheduledList === 'true' ? 'UnschedList' : 'Broken';
    appointment.breakType = body.breakType ?? 'Missed';
    appointment.DateTStamp = now;
    return send(response, 200, appointment);
  }
  if (body.AptDateTime !== undefined && !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(String(body.AptDateTime)))
    return send(response, 400, 'AptDateTime must be in yyyy-MM-dd HH:mm:ss format.');
  if (body.Op !== undefined && !data.operatories.some((o) => o.OperatoryNum === body.Op))
    return send(response, 400, 'Op is invalid.');
  if (body.Pattern !== undefined && !/^[X/]+$/.test(String(body.Pattern)))
    return send(response, 400, "Pattern must consist of 'X' and '/' characters only.");
  // Like POST, an update does not refuse an overlap.
  Object.assign(appointment, body, { DateTStamp: now });
  send(response, 200, appointment);
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  // Errors are documented as quoted strings: 400 BadRequest "PatNum is required".
  response.end(JSON.stringify(body));
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });
}

// Builders of Open Dental rows for tests and the dev script.

/** A provider's working block in some operatories (Schedules GET: every value a string). */
export function providerSchedule(
  date: string,
  provNum: number,
  start: string,
  stop: string,
  operatories: number[],
): OdRow {
  return scheduleRow({
    SchedDate: date,
    StartTime: `${start}:00`,
    StopTime: `${stop}:00`,
    SchedType: 'Provider',
    ProvNum: String(provNum),
    operatories: operatories.join(','),
  });
}

export function blockoutSchedule(
  date: string,
  start: string,
  stop: string,
  operatories: number[],
  name = 'Staff Meeting',
): OdRow {
  return scheduleRow({
    SchedDate: date,
    StartTime: `${start}:00`,
    StopTime: `${stop}:00`,
    SchedType: 'Blockout',
    BlockoutType: '248',
    blockoutType: name,
    operatories: operatories.join(','),
  });
}

/** A practice day off: a Practice row from 00:00 to 00:00 (research doc §2.13). */
export function practiceClosed(date: string, note = 'Holiday'): OdRow {
  return scheduleRow({
    SchedDate: date,
    StartTime: '00:00:00',
    StopTime: '00:00:00',
    SchedType: 'Practice',
    Note: note,
  });
}

let scheduleCounter = 24_000;
function scheduleRow(fields: Record<string, string>): OdRow {
  return {
    ScheduleNum: String(++scheduleCounter),
    SchedDate: '',
    StartTime: '',
    StopTime: '',
    SchedType: '',
    ProvNum: '0',
    BlockoutType: '0',
    blockoutType: '',
    Note: '',
    operatories: '',
    EmployeeNum: '0',
    DateTStamp: '2026-01-01 08:00:00',
    ...fields,
  };
}

export function odAppointment(fields: {
  AptNum: number;
  PatNum?: number;
  AptDateTime: string;
  Pattern: string;
  Op: number;
  ProvNum: number;
  ProvHyg?: number;
  AptStatus?: string;
  ClinicNum?: number;
}): OdRow {
  return {
    PatNum: 1,
    AptStatus: 'Scheduled',
    ProvHyg: 0,
    ClinicNum: 0,
    Note: '',
    IsNewPatient: 'false',
    DateTStamp: '2026-01-01 08:00:00',
    ...fields,
  };
}

/** An Open Dental provider as the sync writes it into a practice file (display name: first and last, unless given). */
export function syncedProvider(pms_prov_num: number, first: string, last: string, displayName = `${first} ${last}`) {
  return {
    pms_prov_num,
    provider_display_name: displayName,
    provider_first_name: first,
    provider_last_name: last,
    profile_pic: null,
  };
}

export function odProvider(ProvNum: number, FName: string, LName: string, extra: OdRow = {}): OdRow {
  return {
    ProvNum,
    Abbr: `${FName[0] ?? ''}${LName.slice(0, 3)}`.toUpperCase(),
    LName,
    FName,
    MI: '',
    PreferredName: '',
    IsSecondary: 'false',
    IsHidden: 'false',
    IsNotPerson: 'false',
    ProvStatus: 'Active',
    ...extra,
  };
}

export function odOperatory(OperatoryNum: number, OpName: string, extra: OdRow = {}): OdRow {
  return {
    OperatoryNum,
    OpName,
    Abbrev: `OP-${OperatoryNum}`,
    ItemOrder: OperatoryNum,
    IsHidden: 'false',
    ProvDentist: 0,
    ProvHygienist: 0,
    IsHygiene: 'false',
    ClinicNum: 0,
    SetProspective: 'false',
    IsWebSched: 'false',
    ...extra,
  };
}

export function odClinic(ClinicNum: number, Description: string, extra: OdRow = {}): OdRow {
  return {
    ClinicNum,
    Description,
    Abbr: Description.slice(0, 8),
    Address: '',
    Address2: '',
    City: '',
    State: '',
    Zip: '',
    Phone: '',
    IsHidden: 'false',
    ...extra,
  };
}

export function odPatient(fields: { PatNum: number; FName: string; LName: string; Birthdate: string } & OdRow): OdRow {
  return { MiddleI: '', Preferred: '', PatStatus: 'Patient', Email: '', WirelessPhone: '', ClinicNum: 0, ...fields };
}
