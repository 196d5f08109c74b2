import {
  SignedOutSchema,
  StaffSessionSchema,
  type SignInBody,
  type StaffSession,
} from '#domain/staff/staff-session-schemas.ts';
import { csrfHeader, isSignedOutError } from './console-request.ts';
import { apiRequest, apiResult } from '../../lib/api-client.ts';

export const SESSION_KEY = ['session'] as const;

/** `GET /api/v1/staff/session`: who is signed in, or null when nobody is. */
export async function getSession(): Promise<StaffSession | null> {
  try {
    return await apiResult({ path: '/staff/session', result: StaffSessionSchema });
  } catch (error) {
    if (isSignedOutError(error)) return null;
    throw error;
  }
}

/** `POST /api/v1/staff/session`: a 401 CODE_REQUIRED asks for the second factor; a 429 carries Retry-After. */
export async function signIn(body: SignInBody): Promise<StaffSession> {
  return apiResult({ method: 'POST', path: '/staff/session', result: StaffSessionSchema, body });
}

/** `DELETE /api/v1/staff/session[?everywhere=true]`. */
export async function signOut(csrfToken: string, everywhere: boolean): Promise<void> {
  await apiRequest({
    method: 'DELETE',
    path: '/staff/session',
    query: { everywhere: everywhere ? 'true' : undefined },
    result: SignedOutSchema,
    headers: csrfHeader(csrfToken),
  });
}

/** `PUT /api/v1/staff/session/practice`: an operator moves the session to another of their practices. */
export async function switchPractice(csrfToken: string, practiceId: string): Promise<StaffSession> {
  return apiResult({
    method: 'PUT',
    path: '/staff/session/practice',
    result: StaffSessionSchema,
    body: { practice_id: practiceId },
    headers: csrfHeader(csrfToken),
  });
}
