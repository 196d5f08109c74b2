import type { Config } from '../../../config.ts';
import type { Database } from '../../../db/database.ts';
import { loadOrCreateSecret } from '../../../db/app-secrets-repository.ts';
import { findAccountByEmail, findPracticeIdByFormUrl } from './staff-accounts-repository.ts';
import { createStaffAccount } from './staff-accounts-service.ts';
import { countPracticeAccounts, deactivateAccount } from './staff-members-repository.ts';
import { endAccountSessions } from '../sign-in/staff-sessions-repository.ts';

export const DEMO_PRACTICE = 'bright-smile';
export const DEMO_OWNER_EMAIL = 'owner@bright-smile.example';

/**
 * The demo's owner login for `bright-smile` (ADR 0038), printed by `npm start` beside the practice
 * URLs so the console can be tried at once. Made only outside production, for a bright-smile
 * that has no staff yet (a fresh demo database); the password is random per database (or
 * DEMO_OWNER_PASSWORD, which the end-to-end suite sets) and kept as an app secret so each start
 * can print it. In production the demo owner is switched off and nothing is printed.
 */
export async function ensureDemoOwner(
  db: Database,
  config: Pick<Config, 'nodeEnv'>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ email: string; password: string } | null> {
  const practiceId = await findPracticeIdByFormUrl(db, DEMO_PRACTICE);
  if (!practiceId) return null;
  const existing = await findAccountByEmail(db, DEMO_OWNER_EMAIL);
  const now = new Date();
  if (config.nodeEnv === 'production') {
    if (existing && !existing.deactivated_at) {
      await deactivateAccount(db, existing.id, now);
      await endAccountSessions(db, existing.id, 'deactivated', now);
    }
    return null;
  }
  if (existing?.deactivated_at) return null;
  const password = env.DEMO_OWNER_PASSWORD ?? readable(await loadOrCreateSecret(db, 'demo_owner_password'));
  if (!existing) {
    if ((await countPracticeAccounts(db, practiceId)) > 0) return null;
    await createStaffAccount(
      db,
      { email: DEMO_OWNER_EMAIL, name: 'Demo Owner', role: 'owner', practiceIds: [practiceId], password },
      now,
    );
  }
  return { email: DEMO_OWNER_EMAIL, password };
}

/** 16 letters and digits in groups of four: easy to type from a terminal. */
function readable(secret: string): string {
  const plain = secret.replace(/[^A-Za-z0-9]/g, '').slice(0, 16);
  return plain.match(/.{4}/g)!.join('-');
}
