import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { registerAuditTrailRoutes } from './audit/audit-trail-routes.ts';
import { registerPasswordLinkRoutes } from './sign-in/password-link-routes.ts';
import { registerPracticeSecurityRoutes } from './security/practice-security-routes.ts';
import { registerStaffMemberRoutes } from './staff/staff-members-routes.ts';
import { registerTotpSetupRoutes } from './sign-in/totp-setup-routes.ts';

/**
 * The account side of the console (ADR 0038; contract in domain/staff/staff-accounts-schemas.ts):
 * password links and resets, the practice's staff, the second factor, the practice's security
 * rules and the audit trail.
 */
export function registerStaffAccountRoutes(
  staff: FastifyInstance,
  deps: { db: Database; clock: Clock; publicUrl: string; rateLimitMultiplier: number },
): void {
  registerPasswordLinkRoutes(staff, deps);
  registerStaffMemberRoutes(staff, deps);
  registerTotpSetupRoutes(staff, deps);
  registerPracticeSecurityRoutes(staff, deps);
  registerAuditTrailRoutes(staff, deps);
}
