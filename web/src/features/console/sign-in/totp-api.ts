import { TotpEnabledSchema, TotpSetupSchema, type TotpSetup } from '#domain/staff/staff-accounts-schemas.ts';
import { apiResult } from '../../../lib/api-client.ts';
import { csrfHeader } from '../console-request.ts';

/** `POST /api/v1/staff/totp/setup`: a new secret for the authenticator app (not active until enabled). */
export async function startTotpSetup(csrfToken: string): Promise<TotpSetup> {
  return apiResult({
    method: 'POST',
    path: '/staff/totp/setup',
    result: TotpSetupSchema,
    body: {},
    headers: csrfHeader(csrfToken),
  });
}

/** `POST /api/v1/staff/totp/enable`: the app's first code turns the factor on; the recovery codes come back once. */
export async function enableTotp(csrfToken: string, code: string): Promise<string[]> {
  const enabled = await apiResult({
    method: 'POST',
    path: '/staff/totp/enable',
    result: TotpEnabledSchema,
    body: { code },
    headers: csrfHeader(csrfToken),
  });
  return enabled.recovery_codes;
}
