import { formatPath } from './practice-config-problems.ts';

/**
 * What the deployment can do for its practices (server config `offers`, ADR 0029): texts need
 * Twilio, card payments need Stripe (locally, the outbox and the test checkout stand in).
 */
export interface DeploymentOffers {
  texts: boolean;
  payments: boolean;
}

/** The part of a practice these rules read: its form URL and its reasons. */
export interface PracticeForDeployment {
  form_url: string;
  reasons: readonly { name: string; is_payment_enabled: boolean }[];
}

/** Why a paid reason cannot be offered here; the same words at import and at start. */
export function paidReasonWithoutPayments(formUrl: string, reasonName: string): string {
  return (
    `practice "${formUrl}" offers the paid reason "${reasonName}", but this server takes no card payments ` +
    '(STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are not set): ' +
    'configure Stripe, or turn is_payment_enabled off for this reason'
  );
}

/**
 * Problems of a configuration file on this deployment, one line each with its JSON path, like
 * the file's own validation. The file format has no texting setting today (text verification
 * and review texts follow the deployment, see ADR 0029); a future one is checked here.
 */
export function findDeploymentProblems(
  practices: readonly PracticeForDeployment[],
  offers: DeploymentOffers,
): string[] {
  const problems: string[] = [];
  if (offers.payments) return problems;
  practices.forEach((practice, p) =>
    practice.reasons.forEach((reason, r) => {
      if (reason.is_payment_enabled) {
        const path = formatPath(['practices', p, 'reasons', r, 'is_payment_enabled']);
        problems.push(`${path}: ${paidReasonWithoutPayments(practice.form_url, reason.name)}`);
      }
    }),
  );
  return problems;
}
