import { addDays, lastDayOfMonthAfter, maxLocalDate } from '#domain/time/local-date.ts';
import type { Clock } from '../../../clock.ts';
import type { OdSnapshot } from './opendental-availability.ts';
import { createOpenDentalClient, OD_DEFAULT_TIMEOUT_MS, type OpenDentalClient } from './opendental-client.ts';
import { OpenDentalError, toPmsUnavailable } from './opendental-errors.ts';
import type { Database } from '../../../db/database.ts';
import { officeQueueFor } from './opendental-office-gate.ts';
import { createRequestQueue, type RequestQueue } from './opendental-request-queue.ts';
import { OdAppointmentSchema, OdScheduleSchema } from './opendental-schemas.ts';
import { createStaleWhileRevalidateCache } from './stale-while-revalidate.ts';

/** The subset of pino (Fastify's `app.log`) the connector uses. */
export interface OdLogger {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface OpenDentalSettings {
  apiUrl: string;
  developerKey: string;
  /** Open Dental's throttle per office: 1 with a paid permission, 0.2 with read-only access. */
  requestsPerSecond: number;
  timeoutMs?: number;
  maxRetryAfterMs?: number;
  /** A month of office data is served without asking again for this long (default 60 s)… */
  snapshotFreshMs?: number;
  /** …and, while a background refresh runs, up to this old (default 5 min). */
  snapshotMaxStaleMs?: number;
  /** A booking's re-check, its wait for the office's turn included, at most (default 10 s; ADR 0071). */
  recheckTimeoutMs?: number;
}

/** One per process: the throttle queue, the clients and the cache are shared by every request. */
export interface OpenDentalConnector {
  /** How long a booking's re-check waits for Open Dental, queue included, before it answers "unavailable". */
  readonly recheckTimeoutMs: number;
  clientFor(customerKey: string): OpenDentalClient;
  /**
   * The office's schedules, blockouts, days off and appointments for the months that hold the
   * practice-local dates [fromDate, toDate], from the cache when it can. Each month is fetched
   * from `today` (or its first day) to its last day, whatever part of it was asked for.
   * Throws PmsUnavailableError when the office cannot answer, OpenDentalError when it refuses.
   */
  snapshots(
    practice: { id: string; customerKey: string },
    dates: { fromDate: string; toDate: string; today: string },
  ): Promise<OdSnapshot[]>;
  /** Logs a failure; refused credentials and old versions loudly, since only a person can fix them. */
  report(practiceId: string, error: unknown): void;
}

export const DEFAULT_SNAPSHOT_FRESH_MS = 60_000;
export const DEFAULT_SNAPSHOT_MAX_STALE_MS = 5 * 60_000;
/**
 * A booking's re-check answers "unavailable" after this (ADR 0071): a patient does not wait a minute
 * for Open Dental's gateway. Its request, once sent, still holds the office's turn until it ends.
 */
export const DEFAULT_RECHECK_TIMEOUT_MS = 10_000;
/**
 * Open Dental counts a request until it ends (its gateway gives up at 60 s), abandoned or not: one
 * at a time per office, a hung request never overlapped (ADR 0071, superseding ADR 0028's two).
 */
export const OD_MAX_IN_FLIGHT = 1;
/**
 * Start-to-start spacing of one office's requests: Open Dental's limit plus 10 %, since network
 * jitter can bring two requests closer together on arrival than they were when they left.
 */
export function officeRequestIntervalMs(requestsPerSecond: number): number {
  return Math.round(1100 / requestsPerSecond);
}

const silentLogger: OdLogger = { warn: () => undefined, error: () => undefined };

export function createOpenDentalConnector(
  settings: OpenDentalSettings,
  deps: { clock: Clock; logger?: OdLogger; queue?: RequestQueue; db?: Database },
): OpenDentalConnector {
  if (!(settings.requestsPerSecond > 0)) throw new RangeError('requestsPerSecond must be positive');
  const logger = deps.logger ?? silentLogger;
  const now = () => deps.clock.now().getTime();
  const recheckTimeoutMs = settings.recheckTimeoutMs ?? DEFAULT_RECHECK_TIMEOUT_MS;
  if (!(recheckTimeoutMs > 0)) throw new RangeError('recheckTimeoutMs must be positive');
  const queue = deps.queue ?? officeQueue(settings, deps, logger);
  const clients = new Map<string, OpenDentalClient>();
  const cache = createStaleWhileRevalidateCache<OdSnapshot>({
    freshMs: settings.snapshotFreshMs ?? DEFAULT_SNAPSHOT_FRESH_MS,
    maxStaleMs: settings.snapshotMaxStaleMs ?? DEFAULT_SNAPSHOT_MAX_STALE_MS,
    now,
    onRefreshError: (key, error) => connector.report(key.split('|')[0] ?? '', error),
  });

  const connector: OpenDentalConnector = {
    recheckTimeoutMs,
    clientFor(customerKey) {
      let client = clients.get(customerKey);
      if (!client) {
        client = createOpenDentalClient({
          baseUrl: settings.apiUrl,
          developerKey: settings.developerKey,
          customerKey,
          queue,
          ...(settings.timeoutMs !== undefined ? { timeoutMs: settings.timeoutMs } : {}),
          ...(settings.maxRetryAfterMs !== undefined ? { maxRetryAfterMs: settings.maxRetryAfterMs } : {}),
        });
        clients.set(customerKey, client);
      }
      return client;
    },

    async snapshots(practice, { fromDate, toDate, today }) {
      const client = connector.clientFor(practice.customerKey);
      const result: OdSnapshot[] = [];
      // One cache entry per calendar month: the booking page asks for a month at a time.
      for (const month of monthsOf(fromDate, toDate)) {
        const key = `${practice.id}|${practice.customerKey}|${month}`;
        const from = maxLocalDate(`${month}-01`, today);
        const to = lastDayOfMonthAfter(`${month}-01`, 0);
        try {
          result.push(await cache.get(key, () => fetchSnapshot(client, from, to)));
        } catch (error) {
          connector.report(practice.id, error);
          throw toPmsUnavailable(error) ?? error;
        }
      }
      return result;
    },

    report(practiceId, error) {
      reportOdFailure(logger, practiceId, error);
    },
  };
  return connector;
}

/**
 * The office's turns: across the processes on `db` (ADR 0071), or this connector's own without one.
 * Starts 10 % further apart than the office's rate, and a whole interval after each answer: Open
 * Dental counts execution time too, so two arrivals are never closer however late the first was sent.
 */
function officeQueue(settings: OpenDentalSettings, deps: { db?: Database }, logger: OdLogger): RequestQueue {
  const options = {
    intervalMs: officeRequestIntervalMs(settings.requestsPerSecond),
    maxInFlight: OD_MAX_IN_FLIGHT,
    afterEndMs: 1000 / settings.requestsPerSecond,
  };
  if (!deps.db) return createRequestQueue(options);
  // A request ends by the client's timeout at the latest; a process that stopped meanwhile lets go after that.
  const turnMs = (settings.timeoutMs ?? OD_DEFAULT_TIMEOUT_MS) + 5_000;
  const onError = (error: unknown) =>
    logger.warn({ error: error instanceof Error ? error.message : String(error) }, 'Open Dental office turn not ended');
  return officeQueueFor(deps.db, { ...options, turnMs, onError });
}

/** The calendar months (`YYYY-MM`) that hold the local dates [fromDate, toDate]. */
function* monthsOf(fromDate: string, toDate: string): Generator<string> {
  for (
    let month = fromDate.slice(0, 7);
    `${month}-01` <= toDate;
    month = addDays(lastDayOfMonthAfter(`${month}-01`, 0), 1).slice(0, 7)
  )
    yield month;
}

/** Logs a failure; refused credentials and old versions loudly, since only a person can fix them. */
function reportOdFailure(logger: OdLogger, practiceId: string, error: unknown): void {
  if (!(error instanceof OpenDentalError)) {
    logger.error(
      { practiceId, error: error instanceof Error ? error.message : String(error) },
      'Open Dental request failed',
    );
    return;
  }
  const details = {
    practiceId,
    kind: error.kind,
    status: error.status,
    request: error.request,
    detail: error.detail,
  };
  if (error.kind === 'auth' || error.kind === 'version' || !error.isUnavailable)
    logger.error(details, 'Open Dental refused a request; the office or the operator must act');
  else logger.warn(details, 'Open Dental cannot answer for this office right now');
}

/** Four lists, one after the other (each paged), for the local dates [from, to]. */
export async function fetchSnapshot(client: OpenDentalClient, from: string, to: string): Promise<OdSnapshot> {
  const range = { dateStart: from, dateEnd: to };
  const providerSchedules = await client.getAll('/schedules', { ...range, SchedType: 'Provider' }, OdScheduleSchema);
  const blockouts = await client.getAll('/schedules', { ...range, SchedType: 'Blockout' }, OdScheduleSchema);
  const practiceSchedules = await client.getAll('/schedules', { ...range, SchedType: 'Practice' }, OdScheduleSchema);
  const appointments = await client.getAll('/appointments', range, OdAppointmentSchema);
  return { fromDate: from, toDate: to, providerSchedules, blockouts, practiceSchedules, appointments };
}

/** The connector for this deployment, or undefined when no developer key is configured. */
export function openDentalConnectorFromConfig(
  config: {
    apiUrl: string;
    developerKey: string | undefined;
    requestsPerSecond: number;
    recheckTimeoutMs?: number;
  },
  deps: { clock: Clock; logger?: OdLogger; db?: Database },
): OpenDentalConnector | undefined {
  if (!config.developerKey) return undefined;
  return createOpenDentalConnector(
    {
      apiUrl: config.apiUrl,
      developerKey: config.developerKey,
      requestsPerSecond: config.requestsPerSecond,
      ...(config.recheckTimeoutMs !== undefined ? { recheckTimeoutMs: config.recheckTimeoutMs } : {}),
    },
    deps,
  );
}
