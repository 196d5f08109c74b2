import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { StaffRole } from '#domain/staff/staff-roles.ts';
import type { Database } from '../db/database.ts';
import { createStaffAccount } from '../features/console/staff/staff-accounts-service.ts';
import { importPractices, practiceConfig } from './practice-factory.ts';

export const STAFF_PASSWORD = 'correct horse battery staple';

let counter = 0;

/** An account with a password, ready to sign in. */
export async function addStaff(
  db: Database,
  options: { practiceIds: string[]; role?: StaffRole; email?: string; password?: string },
): Promise<{ id: string; email: string; password: string }> {
  const email = options.email ?? `staff${++counter}-${Date.now()}@example.test`;
  const password = options.password ?? STAFF_PASSWORD;
  const { id } = await createStaffAccount(
    db,
    { email, role: options.role ?? 'front_desk', practiceIds: options.practiceIds, password },
    new Date(),
  );
  return { id, email, password };
}

/** A signed-in console: its cookies and CSRF token go with every request it sends. */
export interface StaffClient {
  cookie: string;
  csrfToken: string;
  session: Record<string, unknown>;
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  post(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  /** The request another site could forge: the session's cookie, no CSRF token (or `csrfToken`, a wrong one). */
  forged(options: InjectOptions, csrfToken?: string): Promise<LightMyRequestResponse>;
}

export function cookiesOf(response: LightMyRequestResponse): Record<string, string> {
  const header = response.headers['set-cookie'];
  const list = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return Object.fromEntries(
    list.map((cookie) => cookie.split(';')[0]!.split('=')).map(([name, ...value]) => [name!, value.join('=')]),
  );
}

/** One sign-in as the console posts it (a second-factor code when given), answered as it comes. */
export function signInAttempt(app: FastifyInstance, email: string, password: string, code?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/staff/session',
    payload: { email, password, ...(code ? { code } : {}) },
  });
}

export async function signIn(
  app: FastifyInstance,
  credentials: { email: string; password: string; code?: string; deviceCookie?: string },
): Promise<StaffClient> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/staff/session',
    payload: {
      email: credentials.email,
      password: credentials.password,
      ...(credentials.code ? { code: credentials.code } : {}),
    },
    ...(credentials.deviceCookie ? { headers: { cookie: `ct_device=${credentials.deviceCookie}` } } : {}),
  });
  if (response.statusCode !== 201) throw new Error(`Sign-in failed: ${response.statusCode} ${response.body}`);
  const cookies = cookiesOf(response);
  const session = response.json().result as Record<string, unknown>;
  const cookie = `ct_staff=${cookies.ct_staff}; ct_device=${cookies.ct_device}`;
  const csrfToken = String(session.csrf_token);
  const request = (options: InjectOptions) =>
    app.inject({ ...options, headers: { cookie, 'x-csrf-token': csrfToken, ...options.headers } });
  return {
    cookie,
    csrfToken,
    session,
    request,
    get: (url, headers = {}) => request({ method: 'GET', url, headers }),
    post: (url, payload = {}) => request({ method: 'POST', url, payload: payload as InjectOptions['payload'] }),
    forged: (options, token) =>
      app.inject({ ...options, headers: { cookie, ...(token === undefined ? {} : { 'x-csrf-token': token }) } }),
  };
}

let practices = 0;

/** A practice of the test's own (a last-owner rule needs a practice nobody else adds owners to). */
export async function newPractice(db: Database, name = 'Own Practice'): Promise<string> {
  const formUrl = `own-practice-${++practices}`;
  const ids = await importPractices(db, practiceConfig({ form_url: formUrl, name }));
  return ids[formUrl]!;
}

export interface QueuedEmail {
  to: string;
  subject: string;
  text: string;
}

/** The e-mails queued for an address, oldest first (the jobs the worker would hand to the provider). */
export async function emailsTo(db: Database, to: string): Promise<QueuedEmail[]> {
  const rows = await db.query<{ payload: QueuedEmail }>(
    `select payload from jobs where type = 'email.send' and payload->>'to' = $1 order by created_at`,
    [to],
  );
  return rows.map((row) => row.payload);
}

/** The token of the set-password link in an e-mail's text. */
export function linkTokenIn(text: string): string {
  const match = /\/console\/set-password\/([A-Za-z0-9_-]{32})/.exec(text);
  if (!match) throw new Error(`No set-password link in: ${text}`);
  return match[1]!;
}

export async function auditActions(db: Database, practiceId: string, since = new Date(0)): Promise<string[]> {
  const rows = await db.query<{ action: string }>(
    `select action from staff_audit where practice_id = $1 and at >= $2 order by id`,
    [practiceId, since.toISOString()],
  );
  return rows.map((row) => row.action);
}

/** A practice of the test's own with an owner, signed in. */
export async function ownedPractice(
  db: Database,
  app: FastifyInstance,
): Promise<{ practiceId: string; owner: { id: string; email: string; password: string }; console: StaffClient }> {
  const practiceId = await newPractice(db);
  const owner = await addStaff(db, { practiceIds: [practiceId], role: 'owner' });
  return { practiceId, owner, console: await signIn(app, owner) };
}
