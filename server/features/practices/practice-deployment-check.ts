import { paidReasonWithoutPayments, type DeploymentOffers } from '#domain/practice/practice-deployment-rules.ts';
import type { Queryable } from '../../db/database.ts';
import { listActivePaidReasons } from './practices-repository.ts';

/**
 * What the stored practices ask of this deployment that it cannot do (ADR 0029): a paid reason
 * on a server without Stripe. The server refuses to start on any of these, since a patient would
 * otherwise reach a checkout that does not exist. Empty when all is well.
 */
export async function findStoredPracticeProblems(db: Queryable, offers: DeploymentOffers): Promise<string[]> {
  if (offers.payments) return [];
  const paid = await listActivePaidReasons(db);
  return paid.map((reason) => paidReasonWithoutPayments(reason.form_url, reason.name));
}
