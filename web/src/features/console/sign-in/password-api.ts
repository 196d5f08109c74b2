import {
  PasswordLinkSchema,
  PasswordResetAcceptedSchema,
  PasswordSetSchema,
  type PasswordLink,
} from '#domain/staff/staff-accounts-schemas.ts';
import { apiRequest, apiResult } from '../../../lib/api-client.ts';

const linkPath = (token: string) => `/staff/password-links/${encodeURIComponent(token)}`;

/**
 * `POST /api/v1/staff/password-reset`: the server answers the same whether the account exists or not;
 * this shows its words.
 */
export async function requestPasswordReset(email: string): Promise<string> {
  const accepted = await apiResult({
    method: 'POST',
    path: '/staff/password-reset',
    result: PasswordResetAcceptedSchema,
    body: { email },
  });
  return accepted.message;
}

/** `GET /api/v1/staff/password-links/{token}`: a 404 means the link expired or was used. */
export async function getPasswordLink(token: string): Promise<PasswordLink> {
  return apiResult({ path: linkPath(token), result: PasswordLinkSchema });
}

/** `POST /api/v1/staff/password-links/{token}`: a weak or common password answers 422 with the reason. */
export async function setPassword(token: string, password: string): Promise<void> {
  await apiRequest({ method: 'POST', path: linkPath(token), result: PasswordSetSchema, body: { password } });
}
