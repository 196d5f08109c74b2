import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { StaffRole } from '#domain/staff/staff-roles.ts';
import type { Database } from '../db/database.ts';
import { createStaffAccount } from '../features/staff/staff-accounts-service.ts';

export const STAFF_PASSWORD = 'correct horse battery staple';

let counter = 0;

/** An account with a password, ready to sign in. */
export async function addStaff(db: Database, options: { practiceIds: string[]; role?: StaffRole; email?: string; password?: string }): Promise<{ id: string; email: string; password: string }> {
  const email = options.email ?? `staff${++counter}-${Date.now()}@example.test`;
  const password = options.password ?? STAFF_PASSWORD;
  const { id } = await createStaffAccount(db, { email, role: options.role ?? 'front_desk', practiceIds: options.practiceIds, password }, new Date());
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
}

export function cookiesOf(response: LightMyRequestResponse): Record<string, string> {
  const header = response.headers['set-cookie'];
  const list = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return Object.fromEntries(list.map((cookie) => cookie.split(';')[0]!.split('=')).map(([name, ...value]) => [name!, value.join('=')]));
}

export async function signIn(app: FastifyInstance, credentials: { email: string; password: string; code?: string; deviceCookie?: string }): Promise<StaffClient> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/staff/session',
    payload: { email: credentials.email, password: credentials.password, ...(credentials.code ? { code: credentials.code } : {}) },
    ...(credentials.deviceCookie ? { headers: { cookie: `ct_device=${credentials.deviceCookie}` } } : {}),
  });
  if (response.statusCode !== 201) throw new Error(`Sign-in failed: ${response.statusCode} ${response.body}`);
  const cookies = cookiesOf(response);
  const session = response.json().result as Record<string, unknown>;
  const cookie = `ct_staff=${cookies.ct_staff}; ct_device=${cookies.ct_device}`;
  const csrfToken = String(session.csrf_token);
  const request = (options: InjectOptions) => app.inject({ ...options, headers: { cookie, 'x-csrf-token': csrfToken, ...options.headers } });
  return {
    cookie,
    csrfToken,
    session,
    request,
    get: (url, headers = {}) => request({ method: 'GET', url, headers }),
    post: (url, payload = {}) => request({ method: 'POST', url, payload: payload as InjectOptions['payload'] }),
  };
}
