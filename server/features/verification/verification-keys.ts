import type { Queryable } from '../../db/database.ts';
import { loadOrCreateSecret } from '../../db/app-secrets-repository.ts';

export const OTP_HMAC_KEY_NAME = 'otp_hmac_key';
export const VERIFICATION_TOKEN_KEY_NAME = 'verification_token_key';

// Per database (tests open many), loaded on first use: building the app must not need the
// database to be up. A failed load is forgotten so the next request tries again.
const cache = new WeakMap<Queryable, Map<string, Promise<string>>>();

/**
 * A per-deployment key from `app_secrets`. Call it on the root connection and never inside a
 * transaction: PGlite has one connection, and a query outside an open transaction would wait on it.
 */
export function verificationKey(
  db: Queryable,
  name: typeof OTP_HMAC_KEY_NAME | typeof VERIFICATION_TOKEN_KEY_NAME,
): Promise<string> {
  let keys = cache.get(db);
  if (!keys) cache.set(db, (keys = new Map()));
  let key = keys.get(name);
  if (!key) {
    key = loadOrCreateSecret(db, name).catch((error: unknown) => {
      keys.delete(name);
      throw error;
    });
    keys.set(name, key);
  }
  return key;
}
