import { AnyResultSchema, PasswordLinkSchema, type PasswordLink } from './console-contracts.ts';
import { staffRequest } from './console-request.ts';

const FALLBACK_RESET_ANSWER = 'If an account uses that e-mail, a link to set a new password is on its way. It works for 24 hours.';
const linkPath = (token: string) => `/staff/password-links/${encodeURIComponent(token)}`;

/** `POST /api/v1/staff/password-reset`: the server answers the same whether the account exists or not; this shows its words. */
export async function requestPasswordReset(email: string): Promise<string> {
  const { result, message } = await staffRequest({ method: 'POST', path: '/staff/password-reset', result: AnyResultSchema, body: { email } });
  return message ?? messageOf(result) ?? FALLBACK_RESET_ANSWER;
}

/** `GET /api/v1/staff/password-links/{token}`: a 404 means the link expired or was used. */
export async function getPasswordLink(token: string): Promise<PasswordLink> {
  return (await staffRequest({ path: linkPath(token), result: PasswordLinkSchema })).result;
}

/** `POST /api/v1/staff/password-links/{token}`: a weak or common password answers 422 with the reason. */
export async function setPassword(token: string, password: string): Promise<void> {
  await staffRequest({ method: 'POST', path: linkPath(token), result: AnyResultSchema, body: { password } });
}

function messageOf(result: unknown): string | undefined {
  if (typeof result !== 'object' || result === null || !('message' in result)) return undefined;
  return typeof result.message === 'string' ? result.message : undefined;
}
